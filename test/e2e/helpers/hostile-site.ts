/**
 * A content folder made of the XSS corpus: a valid site.yaml whose every free-text field holds
 * vectors, one post per vector (vector in title, summary and body, alone so that one bad vector
 * cannot mask another) and one post per family with all its vectors together.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { ROOT } from './server.js';
import { TEMPLATES, VECTORS, type Family, type XssVector } from './xss-vectors.js';

/** The one image of the folder, copied from the demo content. */
export const IMAGE = 'cover.svg';
export const IMAGE_SOURCE = join(ROOT, 'content', 'images', 'btree-index.svg');

/** One category per this many single-vector posts: each category feed (20 items) lists them all. */
const POSTS_PER_CATEGORY = 18;

export interface HostilePost {
  slug: string;
  title: string;
  summary: string;
  categorySlug: string;
  /** The vectors in the post: one, or a whole family. */
  vectors: number[];
  combined: boolean;
}

export interface HostileCategory {
  slug: string;
  name: string;
}

export interface HostileSite {
  dir: string;
  posts: HostilePost[];
  categories: HostileCategory[];
  /** The hero name, which /resume shows as its h1. */
  heroName: string;
}

/** At most `max` characters, never splitting a surrogate pair. */
const clip = (text: string, max: number) => Array.from(text).slice(0, max).join('');

/** Hands out vectors in turn, each the next one short enough for the field. */
class Dealer {
  private next = 0;
  constructor(private readonly vectors: XssVector[]) {}
  take(max: number): string {
    for (let tried = 0; tried < this.vectors.length; tried += 1) {
      const vector = this.vectors[this.next % this.vectors.length]!;
      this.next += 1;
      if (vector.payload.length <= max && vector.payload.trim() !== '') return vector.payload;
    }
    return 'x';
  }
  many(count: number, max: number): string[] {
    return Array.from({ length: count }, () => this.take(max));
  }
}

/** The payloads a free-text field takes: all but the blank ones (a line separator alone). */
const texts = (vectors: XssVector[]) =>
  vectors.map((v) => v.payload).filter((payload) => payload.trim() !== '');

const slugOf = (vector: XssVector) => `v-${String(vector.id).padStart(4, '0')}`;

/** A date `days` after the first of January 2020, as front matter writes it. */
const day = (days: number) => new Date(Date.UTC(2020, 0, 1 + days)).toISOString().slice(0, 10);

/** A post file: YAML front matter, then the body. */
export function frontMatter(fields: Record<string, unknown>, body: string): string {
  return `---\n${stringify(fields, { lineWidth: 0 })}---\n\n${body}\n`;
}

function siteConfig(
  vectors: XssVector[],
  deal: Dealer,
  categories: HostileCategory[],
  heroName: string,
) {
  const entry = (i: number) => ({
    title: deal.take(200),
    period: deal.take(80),
    place: deal.take(200),
    details: texts(vectors.filter((v) => v.id % 8 === i % 8 && v.payload.length <= 500)),
  });
  return {
    site: {
      title: deal.take(120),
      description: deal.take(300),
      url: 'https://hostile.example',
      language: 'en',
      author: deal.take(120),
    },
    landing: {
      student: {
        title: deal.take(120),
        text: deal.take(400),
        link_label: deal.take(60),
        url: 'https://learn.example.org/course',
      },
      employer: { title: deal.take(120), text: deal.take(400) },
    },
    categories: categories.map((c) => ({ ...c, description: deal.take(300) })),
    portfolio: {
      hero: { name: heroName, roles: deal.many(30, 80), intro: deal.take(400) },
      about: {
        heading: deal.take(200),
        paragraphs: texts(vectors),
        facts: Array.from({ length: 30 }, () => ({ label: deal.take(60), value: deal.take(200) })),
      },
      skills: Array.from({ length: 30 }, (_x, i) => ({ name: deal.take(80), level: i * 3 })),
      resume: {
        summary: deal.take(1000),
        education: [0, 1, 2].map(entry),
        experience: [3, 4, 5, 6, 7].map(entry),
      },
      products: Array.from({ length: 12 }, (_x, i) => ({
        name: deal.take(120),
        description: deal.take(600),
        image: IMAGE,
        url: `https://product.example/${i}`,
        tags: deal.many(3, 40),
      })),
      services: Array.from({ length: 30 }, () => ({ title: deal.take(120), text: deal.take(600) })),
      contact: {
        intro: deal.take(600),
        email: 'hello@hostile.example',
        phone: deal.take(60),
        location: deal.take(200),
      },
    },
  };
}

/**
 * Writes the hostile content folder into `dir` (site.yaml, posts/, images/). The import refuses
 * NUL characters (see `writeNulProbe`), so the few vectors holding one are written without it.
 */
export function writeHostileSite(dir: string): HostileSite {
  mkdirSync(join(dir, 'posts'), { recursive: true });
  mkdirSync(join(dir, 'images'), { recursive: true });
  copyFileSync(IMAGE_SOURCE, join(dir, 'images', IMAGE));
  const vectors = VECTORS.map((v) => ({ ...v, payload: v.payload.replaceAll('\u0000', '') }));
  const deal = new Dealer(vectors);

  const categoryCount = Math.ceil(vectors.length / POSTS_PER_CATEGORY);
  const categories = Array.from({ length: categoryCount }, (_x, i) => ({
    slug: `hostile-${i + 1}`,
    name: deal.take(80),
  }));
  const heroName = deal.take(120);
  writeFileSync(
    join(dir, 'site.yaml'),
    stringify(siteConfig(vectors, deal, categories, heroName), { lineWidth: 0 }),
  );

  const posts: HostilePost[] = [];
  for (const vector of vectors) {
    const post: HostilePost = {
      slug: slugOf(vector),
      title: clip(`V${vector.id} ${vector.payload}`, 300).trim(),
      summary: clip(`S${vector.id} ${vector.payload}`, 600).trim(),
      categorySlug: categories[Math.floor((vector.id - 1) / POSTS_PER_CATEGORY)]!.slug,
      vectors: [vector.id],
      combined: false,
    };
    posts.push(post);
    const body = [
      `Vector ${vector.id} (${vector.family}), alone:`,
      vector.payload,
      `Inline: before ${vector.payload} after.`,
    ].join('\n\n');
    writeFileSync(
      join(dir, 'posts', `${post.slug}.md`),
      frontMatter(
        {
          title: post.title,
          slug: post.slug,
          category: post.categorySlug,
          summary: post.summary,
          image: IMAGE,
          date: day(vector.id),
        },
        body,
      ),
    );
  }

  // The newest posts, so that the first page of /posts lists them all.
  (Object.keys(TEMPLATES) as Family[]).forEach((family, i) => {
    const members = vectors.filter((v) => v.family === family);
    const post: HostilePost = {
      slug: `all-${family}`,
      title: `All ${family} vectors`,
      summary: `Every ${family} vector of the corpus in one post.`,
      categorySlug: categories[i % categories.length]!.slug,
      vectors: members.map((v) => v.id),
      combined: true,
    };
    posts.push(post);
    writeFileSync(
      join(dir, 'posts', `${post.slug}.md`),
      frontMatter(
        {
          title: post.title,
          category: post.categorySlug,
          summary: post.summary,
          image: IMAGE,
          date: day(2000 + i),
        },
        members.map((v) => v.payload).join('\n\n'),
      ),
    );
  });
  return { dir, posts, categories, heroName };
}
