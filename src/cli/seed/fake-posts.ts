import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { SiteConfig } from '../../shared/schemas/site-config.js';
import { COMMON_WORDS, random, rareWords, zipfPicker } from './words.js';

export interface FakeOptions {
  count: number;
  /** Folder to write: site.yaml, posts/, images/ */
  outDir: string;
  /** A real content folder whose site.yaml and images the fake posts reuse. */
  templateDir: string;
  site: SiteConfig;
  seed?: number;
  onProgress?: (done: number, total: number) => void;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Random text from one seeded generator: each draw moves it, so the call order is the output. */
function textMaker(next: () => number) {
  const vocabulary = [...COMMON_WORDS, ...rareWords(40_000, next)];
  const word = zipfPicker(vocabulary, next);
  const words = (n: number) => Array.from({ length: n }, word).join(' ');
  const sentence = () => `${capitalize(words(6 + Math.floor(next() * 14)))}.`;
  const paragraph = () => Array.from({ length: 3 + Math.floor(next() * 4) }, sentence).join(' ');
  return { next, word, words, paragraph };
}

/** A post's Markdown body of 300–2,000 words: paragraphs, with headings, lists and code. */
function fakeBody({ next, word, words, paragraph }: ReturnType<typeof textMaker>): string {
  const target = 300 + Math.floor(next() * 1700);
  const body: string[] = [];
  let length = 0;
  while (length < target) {
    if (body.length % 4 === 1) body.push(`## ${capitalize(words(3 + Math.floor(next() * 4)))}`);
    if (body.length % 7 === 3)
      body.push(
        Array.from({ length: 3 }, () => `- ${words(4 + Math.floor(next() * 6))}`).join('\n'),
      );
    if (body.length % 11 === 5)
      body.push(`\`\`\`ts\nconst ${word()} = await ${word()}(${JSON.stringify(word())});\n\`\`\``);
    const text = paragraph();
    body.push(text);
    length += text.split(' ').length;
  }
  return body.join('\n\n');
}

/** The folder's site.yaml and the template's SVG images; returns the images' names. */
async function writeSiteFiles(options: FakeOptions): Promise<string[]> {
  const imagesDir = join(options.outDir, 'images');
  await mkdir(join(options.outDir, 'posts'), { recursive: true });
  await mkdir(imagesDir, { recursive: true });
  const images = (await readdir(join(options.templateDir, 'images'))).filter((f) =>
    f.endsWith('.svg'),
  );
  await Promise.all(
    images.map((f) => copyFile(join(options.templateDir, 'images', f), join(imagesDir, f))),
  );
  await writeFile(join(options.outDir, 'site.yaml'), stringify(options.site));
  return images;
}

/** Writes `count` realistic Markdown posts (300–2,000 words each) as a content folder. */
export async function writeFakeContent(options: FakeOptions): Promise<void> {
  const text = textMaker(random(options.seed ?? 42));
  const { next, words } = text;
  const postsDir = join(options.outDir, 'posts');
  const images = await writeSiteFiles(options);
  const categories = options.site.categories.map((c) => c.slug);
  // Tags come from a generator of their own, so that drawing them does not change the other
  // fields a seed gives: fake folders and the figures measured on them stay comparable.
  const nextTag = random((options.seed ?? 42) + 1);
  const tagNames = [...new Set(COMMON_WORDS.filter((w) => w.length > 3))]
    .slice(0, 200)
    .map(capitalize);
  const tag = zipfPicker(tagNames, nextTag);

  const start = Date.UTC(2015, 0, 1);
  const span = Date.UTC(2026, 10, 1) - start;
  const batch: Promise<void>[] = [];
  for (let i = 1; i <= options.count; i++) {
    const body = fakeBody(text);
    const front = {
      title: capitalize(words(4 + Math.floor(next() * 6))),
      slug: `fake-post-${i}`,
      category: categories[Math.floor(next() * categories.length)],
      summary: `${capitalize(words(18 + Math.floor(next() * 12)))}.`,
      image: images[Math.floor(next() * images.length)],
      date: new Date(start + Math.floor(next() * span)).toISOString(),
      draft: false,
      // 1 to 4 tags, a few used by many posts and most by few, as on a real blog.
      tags: [...new Set(Array.from({ length: 1 + Math.floor(nextTag() * 4) }, tag))],
    };
    batch.push(
      writeFile(join(postsDir, `fake-post-${i}.md`), `---\n${stringify(front)}---\n\n${body}\n`),
    );
    if (batch.length >= 256) {
      await Promise.all(batch.splice(0));
      options.onProgress?.(i, options.count);
    }
  }
  await Promise.all(batch);
  options.onProgress?.(options.count, options.count);
}
