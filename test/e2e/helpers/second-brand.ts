import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { DEMO_IMAGES_DIR, ROOT } from './server.js';

/** The second brand's accent, per scheme: a dark brick red, and its light twin for dark pages. */
export const SECOND_BRAND_ACCENT = { light: '#8c2f1b', dark: '#f0a58f' } as const;

/**
 * A wide logo in the accent, drawn: a tile holding a nib, and two bars standing for a name. Its
 * cream nib keeps it readable on the dark scheme's background as on the light one's.
 */
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40">' +
  '<rect width="40" height="40" rx="6" fill="#8c2f1b"/>' +
  '<path d="M20 6 L30 22 L20 34 L10 22 Z" fill="#fbeee6"/><circle cx="20" cy="21" r="3" fill="#8c2f1b"/>' +
  '<rect x="48" y="9" width="104" height="10" rx="2" fill="#8c2f1b"/>' +
  '<rect x="48" y="24" width="70" height="7" rx="2" fill="#c9735f"/></svg>';

/** A square portrait, drawn, in the brand's warm colours. */
const PORTRAIT_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">' +
  '<rect width="600" height="600" fill="#5b2a1e"/><circle cx="300" cy="235" r="110" fill="#e8b99a"/>' +
  '<rect x="130" y="380" width="340" height="220" rx="150" fill="#e8b99a"/></svg>';

/** One link of each kind the site knows: eight, as issue 34 asks of the second brand. */
const LINKS = [
  { kind: 'github', url: 'https://github.example/ines-marlowe' },
  { kind: 'gitlab', url: 'https://gitlab.example/ines-marlowe' },
  { kind: 'linkedin', url: 'https://linkedin.example/in/ines-marlowe' },
  { kind: 'mastodon', url: 'https://mastodon.example/@ines' },
  { kind: 'bluesky', url: 'https://bsky.example/profile/ines.example' },
  { kind: 'email', url: 'mailto:write@ines.example' },
  { kind: 'rss', url: '/rss.xml' },
  { kind: 'website', url: 'https://ines.example', label: 'Studio' },
];

/** A server's environment for the second brand's site, and the removal of its folders. */
export interface SecondBrandSite {
  /** CONTENT_DIR and IMAGES_DIR, for `useE2E`'s `env`. */
  env: { CONTENT_DIR: string; IMAGES_DIR: string };
  /** Removes the site's folders; for after its server has stopped. */
  remove(): void;
}

/**
 * Writes the demo content made into another owner's site into a new temporary folder: the second
 * brand of issue 34 (item 7), very unlike the demo's look: a dark accent, the serif font, other
 * code themes, a logo and a photo, eight links, two top-bar entries and a theme.css. The posts
 * stay the demo's, so that the same screens can be compared. Its images folder starts as a copy of
 * the run's demo images, whose files the import then reuses instead of making the photograph's
 * variants again (seconds of CPU).
 */
export function writeSecondBrandSite(): SecondBrandSite {
  const root = mkdtempSync(join(tmpdir(), 'postfolio-brand-'));
  const dir = join(root, 'site');
  cpSync(join(ROOT, 'content'), dir, { recursive: true });
  const site = parse(readFileSync(join(dir, 'site.yaml'), 'utf8'));
  site.site = {
    ...site.site,
    title: 'Ines Marlowe — Slow notes on fast software',
    author: 'Ines Marlowe',
  };
  site.portfolio.hero.name = 'Ines Marlowe';
  site.brand = {
    ...site.brand,
    accent: SECOND_BRAND_ACCENT,
    font: 'serif',
    code_theme: { light: 'one-light', dark: 'dracula' },
    logo: 'brand-logo.svg',
    photo: 'brand-portrait.svg',
  };
  site.links = LINKS;
  site.navigation = [
    { label: 'About me', url: '/resume' },
    { label: 'Talks', url: 'https://talks.example/ines' },
  ];
  writeFileSync(join(dir, 'site.yaml'), stringify(site));
  writeFileSync(join(dir, 'images', 'brand-logo.svg'), LOGO_SVG);
  writeFileSync(join(dir, 'images', 'brand-portrait.svg'), PORTRAIT_SVG);
  writeFileSync(join(dir, 'theme.css'), ':root { --radius: 3px; }\n');
  const images = join(root, 'images');
  // Not the drawn cards and brand files: the run's servers write those while serving, and the
  // second brand draws its own.
  const drawnWhileServing = new Set(['brand', 'cards'].map((name) => join(DEMO_IMAGES_DIR, name)));
  if (existsSync(DEMO_IMAGES_DIR))
    cpSync(DEMO_IMAGES_DIR, images, {
      recursive: true,
      filter: (source) => !drawnWhileServing.has(source),
    });
  return {
    env: { CONTENT_DIR: dir, IMAGES_DIR: images },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
