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

/** Writes `count` realistic Markdown posts (300–2,000 words each) as a content folder. */
export async function writeFakeContent(options: FakeOptions): Promise<void> {
  const next = random(options.seed ?? 42);
  const vocabulary = [...COMMON_WORDS, ...rareWords(40_000, next)];
  const word = zipfPicker(vocabulary, next);
  const words = (n: number) => Array.from({ length: n }, word).join(' ');
  const sentence = () => `${capitalize(words(6 + Math.floor(next() * 14)))}.`;
  const paragraph = () => Array.from({ length: 3 + Math.floor(next() * 4) }, sentence).join(' ');

  const postsDir = join(options.outDir, 'posts');
  const imagesDir = join(options.outDir, 'images');
  await mkdir(postsDir, { recursive: true });
  await mkdir(imagesDir, { recursive: true });
  const images = (await readdir(join(options.templateDir, 'images'))).filter((f) =>
    f.endsWith('.svg'),
  );
  await Promise.all(
    images.map((f) => copyFile(join(options.templateDir, 'images', f), join(imagesDir, f))),
  );
  await writeFile(join(options.outDir, 'site.yaml'), stringify(options.site));
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
        body.push(
          `\`\`\`ts\nconst ${word()} = await ${word()}(${JSON.stringify(word())});\n\`\`\``,
        );
      const text = paragraph();
      body.push(text);
      length += text.split(' ').length;
    }
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
      writeFile(
        join(postsDir, `fake-post-${i}.md`),
        `---\n${stringify(front)}---\n\n${body.join('\n\n')}\n`,
      ),
    );
    if (batch.length >= 256) {
      await Promise.all(batch.splice(0));
      options.onProgress?.(i, options.count);
    }
  }
  await Promise.all(batch);
  options.onProgress?.(options.count, options.count);
}
