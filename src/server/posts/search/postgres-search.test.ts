import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importContent } from '../../content/import.service.js';
import {
  SEARCH_BUCKET_BITS,
  SEARCH_BUCKET_IDS as BUCKET,
} from '../../db/migrations/021-search-buckets.js';
import { writeContent, type FixturePost } from '../../../../test/helpers/content-fixture.js';
import { createTestStore, type TestStore } from '../../../../test/helpers/stores.js';
import { nextSpan, PostgresSearch, roundBuckets } from './postgres-search.js';
import { parseSearchText } from './search-query.js';

/** Posts `first`..`first + count - 1` of a group, each mentioning a heron, a day apart. */
function herons(group: number, count: number): FixturePost[] {
  return Array.from({ length: count }, (_, i) => ({
    slug: `heron-${group}-${i}`,
    title: `Bird note ${group}.${i}`,
    category: 'news',
    body: `A heron was seen${group === 0 && i === 0 ? ' beside an egret' : ''}.`,
    date: `2026-0${group + 1}-${String(i + 1).padStart(2, '0')}`,
  }));
}

/**
 * Three groups of seven herons whose ids lie in buckets 0, 2 and 8 (the id sequence moved on
 * between imports, as years of deleted posts would leave it), the oldest one also with an egret,
 * one in the newest group with the heron in its title.
 */
async function storeAcrossBuckets(): Promise<TestStore> {
  const t = await createTestStore('postgres');
  const dir = mkdtempSync(join(tmpdir(), 'pf-buckets-'));
  const imagesDir = mkdtempSync(join(tmpdir(), 'pf-img-'));
  const posts: FixturePost[] = [];
  for (const [group, bucket] of [
    [0, 0],
    [1, 2],
    [2, 8],
  ] as const) {
    if (bucket > 0)
      await sql`SELECT setval(pg_get_serial_sequence('posts', 'id'), ${bucket * BUCKET})`.execute(
        t.store.db,
      );
    posts.push(...herons(group, 7));
    if (group === 2) posts[posts.length - 4]!.title = 'The heron of the pond';
    writeContent({ dir, posts });
    await importContent(t.store, { contentDir: dir, imagesDir });
  }
  return t;
}

describe('PostgreSQL search reading the newest buckets first', () => {
  let t: TestStore;
  const idOf = new Map<string, number>();
  beforeAll(async () => {
    t = await storeAcrossBuckets();
    const { rows } = await sql<{ slug: string; id: number }>`SELECT slug, id FROM posts`.execute(
      t.store.db,
    );
    for (const row of rows) idOf.set(row.slug, Number(row.id));
  });
  afterAll(() => t?.drop());

  const search = (text: string, window?: number, limit = 30, offset = 0) =>
    new PostgresSearch(t.store.db, window).search(parseSearchText(text), limit, offset);

  it('puts the groups in the buckets the test means', () => {
    const buckets = (group: number) =>
      new Set(herons(group, 7).map((post) => idOf.get(post.slug)! >> SEARCH_BUCKET_BITS));
    expect([buckets(0), buckets(1), buckets(2)]).toEqual([
      new Set([0]),
      new Set([2]),
      new Set([8]),
    ]);
  });

  it('finds a word only the oldest bucket holds', async () => {
    const page = await search('egret');
    expect(page).toMatchObject({ total: 1, capped: false });
    expect(page.cards.map((c) => c.slug)).toEqual(['heron-0-0']);
  });

  it('counts and pages through every match in all buckets, each once', async () => {
    const slugs: string[] = [];
    for (let offset = 0; offset < 21; offset += 4) {
      const page = await search('heron', undefined, 4, offset);
      expect(page).toMatchObject({ total: 21, capped: false });
      slugs.push(...page.cards.map((c) => c.slug));
    }
    expect(new Set(slugs).size).toBe(21);
    expect(slugs[0]).toBe('heron-2-3');
  });

  it('takes the newest matches across buckets when the window reaches past the newest one', async () => {
    // A window of 10: the newest bucket holds 7 herons, the next one the other 3.
    const page = await search('heron', 10);
    expect(page).toMatchObject({ total: 10, capped: true });
    const newest = [...herons(2, 7), ...herons(1, 7).slice(4)].map((post) => post.slug);
    expect(page.cards.map((c) => c.slug).sort()).toEqual(newest.sort());
    expect(page.cards[0]!.slug).toBe('heron-2-3');
  });

  it('pages no further than the window it counted', async () => {
    expect(await search('heron', 5, 4, 4)).toMatchObject({ total: 5, capped: true });
    expect((await search('heron', 5, 4, 4)).cards).toHaveLength(1);
    expect((await search('heron', 5, 4, 8)).cards).toEqual([]);
  });

  it('leaves out a post scheduled for later in the newest bucket, from the total too', async () => {
    await sql`UPDATE posts SET published_at = '2999-01-01T00:00:00.000Z'
      WHERE slug = 'heron-2-6'`.execute(t.store.db);
    const page = await search('heron');
    expect(page.total).toBe(20);
    expect(page.cards.map((c) => c.slug)).not.toContain('heron-2-6');
  });

  it('adds an older post whose title holds the words when none of the first three does', async () => {
    await sql`UPDATE posts SET title = 'Herons at dawn' WHERE slug = 'heron-0-1'`.execute(
      t.store.db,
    );
    // A window of 10 holds the newest herons only; heron-0-1 lies two buckets below them. The
    // window's own titled heron (heron-2-3) is among its first three: nothing is added.
    const titledWindow = await search('heron', 10);
    expect(titledWindow.cards[0]!.slug).toBe('heron-2-3');
    expect(titledWindow.cards.map((c) => c.slug)).not.toContain('heron-0-1');

    await sql`UPDATE posts SET title = 'Bird note 2.3' WHERE slug = 'heron-2-3'`.execute(
      t.store.db,
    );
    const page = await search('heron', 10);
    expect(page).toMatchObject({ total: 10, capped: true });
    expect(page.cards).toHaveLength(10);
    expect(page.cards[0]!.slug).toBe('heron-0-1');
    expect(new Set(page.cards.map((c) => c.slug)).size).toBe(10);
  });
});

describe('which buckets each round of a search reads', () => {
  /**
   * The buckets read, round after round, when each round finds `perRound` more matches, up to
   * the round that reads every post (or the one that finds `wanted`).
   */
  function rounds(top: number, perRound: number, wanted: number) {
    const read: number[][] = [];
    let found = 0;
    for (let done = 0, span = 2; ;) {
      const round = roundBuckets(top, done, span);
      if (round === null) return read;
      read.push(round);
      found += perRound;
      if (found >= wanted) return read;
      [done, span] = [span, nextSpan(span, found, wanted, (top + 1) * BUCKET - 1)];
    }
  }

  it('reads no bucket twice and skips none, newest first, whatever the rounds find', () => {
    const roundCounts: number[] = [];
    for (const [top, perRound] of [
      [97, 1],
      [97, 40],
      [97, 300],
      [97, 600],
      [8, 7],
      [1, 0],
    ] as const) {
      const read = rounds(top, perRound, 1001);
      roundCounts.push(read.length);
      const all = read.flat();
      expect(all, `top ${top}, ${perRound} a round`).toEqual(
        Array.from({ length: all.length }, (_, i) => top - i),
      );
    }
    // Some of these searches take three rounds over buckets or more before reading every post.
    expect(Math.max(...roundCounts)).toBeGreaterThanOrEqual(3);
  });

  it('reads the newest two buckets first, then only buckets no round has read', () => {
    expect(roundBuckets(97, 0, 2)).toEqual([97, 96]);
    expect(roundBuckets(97, 2, 4)).toEqual([95, 94]);
    expect(roundBuckets(97, 4, 16)).toEqual([93, 92, 91, 90, 89, 88, 87, 86, 85, 84, 83, 82]);
    expect(roundBuckets(97, 16, 128)).toBeNull();
  });
});

describe('how many buckets a search reads next', () => {
  it('reads as many as the matches found per id say hold the rest, with a margin', () => {
    // Id 99,999 is the newest: bucket 97 holds 672 ids, the two newest buckets 1,696. 26 matches
    // there, 975 more wanted: 975 × 1,696 / 26 × 1.1 ≈ 69,961 ids, 69 buckets more.
    expect(nextSpan(2, 26, 1001, 99_999)).toBe(71);
    // Counted per bucket, the partly filled newest one would have made that 2 × 975 / 26 × 1.1
    // ≈ 83 more; with full buckets the two counts agree.
    expect(nextSpan(2, 26, 1001, 98 * BUCKET - 1)).toBe(2 + Math.ceil((2 * 975 * 1.1) / 26));
  });

  it('reads at least one bucket more, and eight times as many when none matched', () => {
    expect(nextSpan(8, 1000, 1001, 8 * BUCKET - 1)).toBe(9);
    expect(nextSpan(8, 900, 1001, 8 * BUCKET - 1)).toBe(9);
    expect(nextSpan(8, 0, 1001, 99_999)).toBe(64);
  });
});
