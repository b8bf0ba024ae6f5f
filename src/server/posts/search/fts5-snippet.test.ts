import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { FuzzRandom } from '../../../../test/helpers/fuzz-random.js';
import { EXCERPT_WORDS, MARK_CLOSE, MARK_OPEN, type MarkedTexts } from './excerpt-marks.js';
import { queryPhrases } from './fts5-instances.js';
import { fts5MarkedTexts } from './fts5-snippet.js';
import { parseSearchText, quotedTerms } from './search-query.js';

const WORDS = [
  ...['cache', 'caching', 'cached', 'Caches', 'warm', 'warmer', 'layer', 'layers', 'read'],
  ...['reads', 'fast', 'river', 'stone', 'happy', 'happiness', 'relational', 'related', 'a'],
  ...['of', 'the', 'in', 'x', '42', 'e.g.', 'v2.1', 'naïve', 'café', 'ÉCOLE', 'Ελληνικά'],
];
const BREAKS = [' ', ' ', ' ', ' ', ', ', '. ', '.  ', ': ', '.\n', ' — ', '; ', '"', '(', ') '];

/** Text of `words` words from a small vocabulary, with sentences, lines and punctuation. */
function text(random: FuzzRandom, words: number, ascii: boolean): string {
  const pool = ascii ? WORDS.filter((w) => /^[\x20-\x7e]+$/.test(w)) : WORDS;
  let out = random.chance(0.2) ? random.pick(BREAKS) : '';
  for (let i = 0; i < words; i++) out += random.pick(pool) + random.pick(BREAKS);
  return out;
}

/** Search text of one to three words of the vocabulary, some quoted as a phrase. */
function query(random: FuzzRandom): string {
  const words = Array.from({ length: 1 + random.int(3) }, () => random.pick(WORDS));
  return random.chance(0.3) ? `"${words.join(' ')}"` : words.join(' ');
}

/** The first text the excerpt shows: the first of body, summary and title with a mark. */
const shown = (texts: MarkedTexts | null | undefined) =>
  [texts?.body, texts?.summary, texts?.title].find((t) => t?.includes(MARK_OPEN)) ?? null;

describe('FTS5 snippet() and highlight() computed in JavaScript', () => {
  const db = new Database(':memory:');
  db.exec(`CREATE VIRTUAL TABLE posts_fts USING fts5(title, summary, body_text,
    tokenize = 'porter unicode61 remove_diacritics 2')`);
  const engine = db.prepare(`
    SELECT rowid AS id,
      snippet(posts_fts, 2, '${MARK_OPEN}', '${MARK_CLOSE}', '…', ${EXCERPT_WORDS}) AS body,
      snippet(posts_fts, 1, '${MARK_OPEN}', '${MARK_CLOSE}', '…', ${EXCERPT_WORDS}) AS summary,
      highlight(posts_fts, 0, '${MARK_OPEN}', '${MARK_CLOSE}') AS title
    FROM posts_fts WHERE posts_fts MATCH ?`);
  const post = db.prepare(
    'SELECT title, summary, body_text AS body FROM posts_fts WHERE rowid = ?',
  );
  /** Indexes a post of its own (above the random posts' rowids). */
  const add = (id: number, texts: MarkedTexts) =>
    db
      .prepare('INSERT INTO posts_fts (rowid, title, summary, body_text) VALUES (?, ?, ?, ?)')
      .run(id, texts.title, texts.summary, texts.body);
  afterAll(() => db.close());

  it('gives the passage, marks and ellipses FTS5 gives, for random posts and queries', () => {
    const random = new FuzzRandom(20261126);
    const insert = db.prepare('INSERT INTO posts_fts (title, summary, body_text) VALUES (?, ?, ?)');
    for (let i = 0; i < 200; i++) {
      // Most bodies are ASCII (the search around the matches); some have accented words.
      const ascii = random.chance(0.7);
      const length = random.pick([1, 3, 10, 23, 24, 25, 40, 80, 300]);
      insert.run(text(random, 3, true), text(random, 12, ascii), text(random, length, ascii));
    }
    let compared = 0;
    for (let q = 0; q < 120; q++) {
      const parsed = parseSearchText(query(random));
      if (parsed.terms.length === 0) continue;
      const phrases = queryPhrases(parsed.terms);
      for (const want of engine.all(quotedTerms(parsed)) as (MarkedTexts & { id: number })[]) {
        const got = fts5MarkedTexts(post.get(want.id) as MarkedTexts, phrases);
        expect(shown(got), `${quotedTerms(parsed)} in post ${want.id}`).toBe(shown(want));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('marks a match deep in a long body as FTS5 does, and nothing without a match', () => {
    const body = `${'river stone. '.repeat(3000)}Then a quasar appears. ${'stone '.repeat(40)}`;
    const texts = { title: 'A long read', summary: 'Long.', body };
    add(100_000, texts);
    const [want] = engine.all('"quasar"') as MarkedTexts[];
    const got = fts5MarkedTexts(texts, queryPhrases([['quasar']]));
    expect(shown(got)).toContain(`${MARK_OPEN}quasar${MARK_CLOSE}`);
    expect(shown(got)).toBe(shown(want));
    expect(fts5MarkedTexts(texts, queryPhrases([['comet']]))).toBeNull();
  });

  it('reads a letter past the BMP as part of its word, as FTS5 does', () => {
    const body = 'A cache\u{1d400} and a cache, then \u{1d401}cache and the caching layer.';
    const texts = { title: 'Letters', summary: 'Wide letters.', body };
    add(100_001, texts);
    for (const word of ['cache', 'caching']) {
      const rows = engine.all(`"${word}"`) as (MarkedTexts & { id: number })[];
      const want = rows.find((row) => row.id === 100_001);
      expect(want, word).toBeDefined();
      expect(shown(fts5MarkedTexts(texts, queryPhrases([[word]]))), word).toBe(shown(want));
    }
  });

  it('falls back to the summary, then the title, when the body has no match', () => {
    const phrases = queryPhrases([['zephyr']]);
    const post = { title: 'Zephyr notes', summary: 'Short notes.', body: 'Nothing here.' };
    expect(fts5MarkedTexts(post, phrases)).toEqual({
      body: null,
      summary: null,
      title: `${MARK_OPEN}Zephyr${MARK_CLOSE} notes`,
    });
    expect(fts5MarkedTexts({ ...post, summary: 'A zephyr.' }, phrases)?.summary).toBe(
      `A ${MARK_OPEN}zephyr${MARK_CLOSE}.`,
    );
  });
});
