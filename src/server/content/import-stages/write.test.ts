import { describe, expect, it } from 'vitest';
import type { PostRow } from '../content.repository.js';
import type { ParsedPost } from '../post-file.js';
import type { TaggedPost } from '../post-tags.repository.js';
import { LOAD_AHEAD, loadAhead } from './parse.js';
import { CHANGE_LISTED, textEdits } from '../../cache/content-change.js';
import { PostWriter, toRow, WRITE_BATCH, writeBatch } from './write.js';

const row = (slug: string) => ({ slug }) as PostRow;
const tagged = (slug: string): TaggedPost => ({ slug, tags: [], publishedAt: '2025-01-01' });

/**
 * A writer of batches of 3 over fakes that log every call in order; the store holds the posts
 * of `stored` with the cards they are written with (their texts alone change).
 */
function recordingWriter(refused = () => false, stored = new Set<string>(), batch = 3) {
  const log: string[] = [];
  const writer = new PostWriter(
    {
      upsertPosts: async (rows) => void log.push(`posts ${rows.map((r) => r.slug).join(',')}`),
      storedCards: async (slugs) =>
        new Map(slugs.filter((s) => stored.has(s)).map((s) => [s, { fields: row(s), tags: [] }])),
      tagNames: async () => new Map(),
    },
    { replaceLinks: async (posts) => void log.push(`tags ${posts.length}`) },
    { beforeBatch: async (rows) => void log.push(`before ${rows}`) },
    '2025-06-01T00:00:00.000Z',
    refused,
    batch,
  );
  return { log, writer };
}

async function addAll(writer: PostWriter, slugs: string[]) {
  for (const slug of slugs) {
    writer.add(row(slug), tagged(slug));
    await writer.flushIfFull();
  }
  await writer.flush();
}

describe('the post writer', () => {
  it('writes full batches as they fill and the rest at the end, each row once', async () => {
    const { log, writer } = recordingWriter();
    await addAll(writer, ['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(log).toEqual([
      'before 3',
      'posts a,b,c',
      'tags 3',
      'before 6',
      'posts d,e,f',
      'tags 3',
      'before 7',
      'posts g',
      'tags 1',
    ]);
  });

  it('writes nothing for an empty folder', async () => {
    const { log, writer } = recordingWriter();
    await addAll(writer, []);
    expect(log).toEqual([]);
  });

  it('records the posts whose texts alone it wrote', async () => {
    const { writer } = recordingWriter(undefined, new Set(['a', 'b', 'c', 'd']));
    await addAll(writer, ['a', 'b', 'c', 'd']);
    expect(writer.changes.change()).toEqual(textEdits(['a', 'b', 'c', 'd']));
  });

  it('records a new post as a change of cards and counts, and lists no posts past the limit', async () => {
    const { writer } = recordingWriter(undefined, new Set(['a', 'b', 'c']));
    await addAll(writer, ['a', 'b', 'c', 'new']);
    expect(writer.changes.change()).toMatchObject({
      posts: ['a', 'b', 'c', 'new'],
      cards: true,
      counts: true,
    });
    const many = Array.from({ length: CHANGE_LISTED + 1 }, (_, i) => `post-${i}`);
    const { writer: large } = recordingWriter(undefined, new Set(many), 400);
    await addAll(large, many);
    expect(large.changes.change()).toMatchObject({ posts: null, cards: false });
  });

  it('stops writing once the import is refused, and drops what it held', async () => {
    let refused = false;
    const { log, writer } = recordingWriter(() => refused);
    await addAll(writer, ['a', 'b', 'c']);
    refused = true;
    await addAll(writer, ['d', 'e', 'f', 'g']);
    expect(log).toEqual(['before 3', 'posts a,b,c', 'tags 3']);
  });
});

describe('a parsed post as its row', () => {
  const post: ParsedPost = {
    slug: 'quokka',
    title: 'Quokka',
    categorySlug: 'guides',
    summary: 'Small',
    image: 'cover.svg',
    publishedAt: '2025-01-02T00:00:00.000Z',
    draft: true,
    html: '<p><img src="/images/cover.svg" alt=""></p>',
    text: 'Small marsupial',
    images: ['cover.svg'],
    wordCount: 2,
    readingMinutes: 1,
    toc: [],
    aliases: [],
    tags: [],
    updatedAt: null,
    imageAlt: 'A quokka',
  };

  it('names its category by id and carries its file and hash', () => {
    const written = toRow(post, 'posts/quokka.md', 'h1', new Map([['guides', 7]]), new Map());
    expect(written).toMatchObject({
      slug: 'quokka',
      category_id: 7,
      draft: 1,
      toc_json: '[]',
      modified_at: null,
      image_alt: 'A quokka',
      source_path: 'posts/quokka.md',
      source_hash: 'h1',
    });
  });
});

describe('the posts held in the heap', () => {
  it('take a small part of a small heap, and the full queue and batch in a large one', () => {
    const mb = 2 ** 20;
    // npm start: a 64 MB old space, of which 1/32 loaded ahead and 1/64 in a batch.
    expect([loadAhead(70 * mb), writeBatch(70 * mb)]).toEqual([46, 23]);
    expect([loadAhead(4096 * mb), writeBatch(4096 * mb)]).toEqual([LOAD_AHEAD, WRITE_BATCH]);
    expect([loadAhead(4 * mb), writeBatch(4 * mb)]).toEqual([32, 16]);
  });
});
