/**
 * Small content folders the import must refuse: hostile URLs in every URL field, NUL characters
 * in texts. Otherwise valid, so that the refusal names only what is planted.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { frontMatter, IMAGE, IMAGE_SOURCE } from './hostile-site.js';

/** The URL-valued fields that a hostile URL is put into by `writeUrlProbe`. */
export const URL_FIELDS = ['site.url', 'landing.student.url', 'portfolio.products.0.url'] as const;

/** A minimal valid content folder: `url` in every URL field, `text` in the free-text ones. */
function writeProbe(dir: string, url: string, text: string): void {
  mkdirSync(join(dir, 'posts'), { recursive: true });
  mkdirSync(join(dir, 'images'), { recursive: true });
  copyFileSync(IMAGE_SOURCE, join(dir, 'images', IMAGE));
  const site = {
    site: { title: text, description: text, url, language: 'en', author: text },
    landing: {
      student: { title: text, text, link_label: text, url },
      employer: { title: text, text },
    },
    categories: [{ slug: 'probe', name: text }],
    portfolio: {
      hero: { name: text, roles: [text], intro: text },
      about: { heading: text, paragraphs: [text] },
      skills: [{ name: text, level: 1 }],
      resume: { summary: text, education: [], experience: [] },
      products: [{ name: text, description: text, image: IMAGE, url }],
      services: [],
      contact: { intro: text, email: 'probe@example.com' },
    },
  };
  writeFileSync(join(dir, 'site.yaml'), stringify(site, { lineWidth: 0 }));
}

/**
 * A content folder with `url` in every URL field of site.yaml and as the image of its one post;
 * importing it must be refused.
 */
export function writeUrlProbe(dir: string, url: string): void {
  writeProbe(dir, url, 'Probe');
  writeFileSync(
    join(dir, 'posts', 'probe.md'),
    frontMatter({ title: 'Probe', category: 'probe', image: url, date: '2024-01-01' }, 'Body.'),
  );
}

/**
 * A content folder with NUL characters: escaped (`\0`) in site.yaml's texts and in the front
 * matter of probe.md, raw in the body of raw.md.
 */
export function writeNulProbe(dir: string): void {
  const text = 'Probe \u0000 NUL';
  writeProbe(dir, 'https://probe.example', text);
  const front = { title: text, category: 'probe', image: IMAGE, date: '2024-01-01' };
  writeFileSync(join(dir, 'posts', 'probe.md'), frontMatter(front, 'Body.'));
  writeFileSync(join(dir, 'posts', 'raw.md'), frontMatter({ ...front, title: 'Raw' }, text));
}
