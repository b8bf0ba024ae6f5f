import { readFileSync } from 'node:fs';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BrandConfig } from '../../shared/schemas/brand.js';
import { validate } from '../content/schema-errors.js';
import { accentProblems } from './accent.js';
import { themeWarnings } from './theme-checks.js';

const DOC = readFileSync(new URL('../../../docs/theming.md', import.meta.url), 'utf8');
const APP_CSS = readFileSync(new URL('../../web/styles/app.css', import.meta.url), 'utf8');

/** The fenced blocks of a language in the document, in order. */
const blocks = (language: string) =>
  [...DOC.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);

describe('docs/theming.md, kept true', () => {
  const brand = parse(blocks('yaml')[0]!).brand as BrandConfig;

  it('shows brand fields the schema takes and an accent the import takes', () => {
    expect(validate<BrandConfig>(BrandConfig, brand).ok).toBe(true);
    expect(accentProblems(brand.accent)).toEqual([]);
  });

  it('gives an example theme.css that restyles the site in about a dozen lines, warning-free', () => {
    const [example] = blocks('css');
    const root = postcss.parse(example!);
    expect(themeWarnings(root, brand)).toEqual([]);
    expect(example!.split('\n').filter((line) => line.trim()).length).toBeLessThanOrEqual(25);
  });

  it('lists every design token app.css sets on :root', () => {
    const rootBlock = APP_CSS.match(/^:root \{([^}]*)\}/m)![1]!;
    const tokens = [...rootBlock.matchAll(/--([\w-]+):/g)].map((m) => m[1]!);
    expect(tokens.length).toBeGreaterThan(30);
    const documented = (token: string) =>
      DOC.includes(`\`--${token}\``) ||
      // Ranges written as `--space-1` … `--space-6`, `--step-1` … `--step-4`.
      [...DOC.matchAll(/`--([\w-]+?)(-?\d)` … `--\1(\d)`/g)].some(
        ([, stem, from, to]) =>
          token.startsWith(stem!) &&
          Number(token.slice(stem!.length)) >= Number(from) &&
          Number(token.slice(stem!.length)) <= Number(to),
      );
    for (const token of tokens) expect(documented(token), token).toBe(true);
  });
});
