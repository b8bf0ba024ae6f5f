import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { InitAnswers } from '../../src/cli/init-answers.js';
import { loadSiteConfig } from '../../src/server/content/site-config.js';

/**
 * Reads the site.yaml that `postfolio init` wrote into `dir` as the import reads it (so it must
 * pass the schema and the accent's contrast), and expects every answer where init writes it.
 * Returns the config and the file's text.
 */
export async function expectSiteYamlHolds(dir: string, answers: Required<InitAnswers>) {
  const file = join(dir, 'site.yaml');
  const config = await loadSiteConfig(file);
  expect(config.site).toMatchObject({
    author: answers.name,
    title: answers.title,
    description: answers.description,
    url: answers.url,
  });
  expect(config.portfolio.hero.name).toBe(answers.name);
  expect(config.brand?.accent).toEqual({ light: answers.accent });
  expect(config.links).toEqual(answers.links);
  return { config, text: readFileSync(file, 'utf8') };
}

/** What site.yaml says where `init` was given no answer. */
export const TEMPLATE_ANSWERS = {
  name: 'Your Name',
  title: 'My notes',
  description: 'What this site is about, in a sentence: search engines and feeds show it.',
  url: 'https://example.com',
  accent: '#0b5cad',
  links: [],
} satisfies Required<InitAnswers>;
