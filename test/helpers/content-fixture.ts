import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { SiteConfig } from '../../src/shared/schemas/site-config.js';

export interface FixturePost {
  slug: string;
  title: string;
  category: string;
  body: string;
  date: string;
  summary?: string;
  /** The cover; `cover.svg` when absent, none when null. */
  image?: string | null;
  draft?: boolean;
  tags?: string[];
  updated?: string;
  image_alt?: string;
}

export const TINY_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450"><rect width="800" height="450" fill="#369"/></svg>';

/** A valid site config with the given categories (slug → name). */
export function siteFixture(categories: Record<string, string>): SiteConfig {
  return {
    site: {
      title: 'Fixture Site',
      description: 'A site made by the tests',
      url: 'https://fixture.example',
      language: 'en',
      author: 'Test Author',
    },
    landing: {
      student: {
        title: 'Students',
        text: 'Learn here',
        link_label: 'Open the course',
        url: 'https://learn.example',
      },
      employer: { title: 'Employers', text: 'See my work' },
    },
    categories: Object.entries(categories).map(([slug, name]) => ({ slug, name })),
    portfolio: {
      hero: { name: 'Test Author', roles: ['Tester'], intro: 'Hello' },
      about: { heading: 'About me', paragraphs: ['I test things.'], facts: [] },
      skills: [{ name: 'Testing', level: 90 }],
      resume: { summary: 'A tester', education: [], experience: [] },
      products: [
        {
          name: 'Product',
          description: 'A product',
          image: 'product.svg',
          url: 'https://p.example',
          tags: [],
        },
      ],
      services: [],
      contact: { intro: 'Write to me', email: 'hello@fixture.example' },
    },
  };
}

export function postFile(post: FixturePost): string {
  const front: Record<string, unknown> = {
    title: post.title,
    slug: post.slug,
    category: post.category,
    ...(post.image === null ? {} : { image: post.image ?? 'cover.svg' }),
    date: post.date,
    draft: post.draft ?? false,
  };
  if (post.summary !== undefined) front.summary = post.summary;
  if (post.tags !== undefined) front.tags = post.tags;
  if (post.updated !== undefined) front.updated = post.updated;
  if (post.image_alt !== undefined) front.image_alt = post.image_alt;
  return `---\n${stringify(front)}---\n\n${post.body}\n`;
}

/** A square portrait, drawn: the branded fixture's photo. */
export const PORTRAIT_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600"><rect width="600" height="600" fill="#2a4d69"/><circle cx="300" cy="240" r="110" fill="#f2d0b5"/><rect x="130" y="380" width="340" height="220" rx="150" fill="#f2d0b5"/></svg>';

/** A wide logo, drawn: the branded fixture's. */
export const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40"><rect width="40" height="40" rx="8" fill="#7a1f5c"/><rect x="50" y="12" width="100" height="16" rx="4" fill="#7a1f5c"/></svg>';

/**
 * `site` made the owner's own: a logo, a photo, links of five kinds (a Mastodon profile among
 * them), two top-bar entries (a page of the site and another site) and a second product, without
 * an image. Its images are BRANDED_IMAGES, for `writeContent`'s `images`.
 */
export function brandedSite(site: SiteConfig): SiteConfig {
  const products = site.portfolio.products ?? [];
  return {
    ...site,
    portfolio: {
      ...site.portfolio,
      products: [
        ...products,
        {
          name: 'Quiet Tool',
          description: 'A product with no picture yet',
          url: 'https://quiet.example',
          tags: [],
        },
      ],
    },
    brand: { ...site.brand, logo: 'logo.svg', photo: 'portrait.svg' },
    links: [
      { kind: 'github', url: 'https://github.com/fixture-author' },
      { kind: 'mastodon', url: 'https://social.example/@fixture' },
      { kind: 'linkedin', url: 'https://www.linkedin.com/in/fixture-author' },
      { kind: 'email', url: 'mailto:author@fixture.example' },
      { kind: 'rss', url: '/rss.xml', label: 'Subscribe' },
    ],
    navigation: [
      { label: 'About me', url: '/resume' },
      { label: 'Talks', url: 'https://talks.example/fixture' },
    ],
  };
}

export const BRANDED_IMAGES: Record<string, string> = {
  'logo.svg': LOGO_SVG,
  'portrait.svg': PORTRAIT_SVG,
};

/** Writes a content folder (site.yaml, posts/, images/) into a new temporary folder. */
export function writeContent(options: {
  posts: FixturePost[];
  site?: SiteConfig;
  categories?: Record<string, string>;
  dir?: string;
  /** More files of images/, by name. */
  images?: Record<string, string | Buffer>;
}): string {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'postfolio-content-'));
  const site =
    options.site ?? siteFixture(options.categories ?? { news: 'News', guides: 'Guides' });
  mkdirSync(join(dir, 'posts'), { recursive: true });
  mkdirSync(join(dir, 'images'), { recursive: true });
  writeFileSync(join(dir, 'site.yaml'), stringify(site));
  for (const image of ['cover.svg', 'product.svg'])
    writeFileSync(join(dir, 'images', image), TINY_SVG);
  for (const [name, bytes] of Object.entries(options.images ?? {}))
    writeFileSync(join(dir, 'images', name), bytes);
  for (const post of options.posts)
    writeFileSync(join(dir, 'posts', `${post.slug}.md`), postFile(post));
  return dir;
}

/** `count` posts in one category with distinct dates, newest last, all in the past. */
export function manyPosts(count: number, category: string, prefix = 'post'): FixturePost[] {
  // A day apart from 2025-01-01; a longer list starts earlier, so that no post is scheduled.
  const first = Math.min(0, 600 - count);
  return Array.from({ length: count }, (_, i) => ({
    slug: `${prefix}-${i + 1}`,
    title: `${prefix} number ${i + 1}`,
    category,
    body: `Paragraph of ${prefix} ${i + 1}.\n\n## A heading\n\n- one\n- two\n`,
    date: new Date(Date.UTC(2025, 0, 1 + first + i)).toISOString().slice(0, 10),
  }));
}

/** A news post named after its slug, dated 2025-02-01; `extra` sets any other field. */
export function newsPost(slug: string, extra: Partial<FixturePost> = {}): FixturePost {
  return {
    slug,
    title: `The ${slug}`,
    category: 'news',
    body: `Body of ${slug}.`,
    date: '2025-02-01',
    ...extra,
  };
}
