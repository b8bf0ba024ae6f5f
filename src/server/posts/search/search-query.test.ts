import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_ADMIN_URL } from '../../../../test/helpers/stores.js';
import { MAX_TERMS, parseSearchText, quotedTerms } from './search-query.js';

const terms = (text: string) => parseSearchText(text).terms;

/** Hostile or odd inputs: none may reach an engine as syntax. */
const NASTY = [
  'foo" OR "bar',
  '"unbalanced phrase',
  'a AND b OR c NOT d NEAR(e f, 2) -g +h title:i j* ^k',
  "'; DROP TABLE posts; --",
  '"" "" """',
  '{col1 col2}: x',
  '((( ))) ::: *** ---',
  '🎉🚀',
  'C++ & node.js',
  '中文搜索 测试',
  'café ÜBER straße',
  '\u0000\u200b\ufeff',
];

describe('parseSearchText', () => {
  it('splits words, lowercased', () => {
    expect(terms('Hello   World')).toEqual([['hello'], ['world']]);
  });

  it('keeps a quoted phrase as one term, and a quoted single word as a word', () => {
    expect(terms('"Exact Phrase" extra "solo"')).toEqual([
      ['exact', 'phrase'],
      ['extra'],
      ['solo'],
    ]);
    expect(terms('x"p q"y')).toEqual([['x'], ['p', 'q'], ['y']]);
  });

  it('an unbalanced quote opens nothing', () => {
    expect(terms('foo "bar baz')).toEqual([['foo'], ['bar'], ['baz']]);
    expect(terms('"p q" "c e')).toEqual([['p', 'q'], ['c'], ['e']]);
    expect(terms('"')).toEqual([]);
    expect(terms('"""p q"')).toEqual([['p', 'q']]);
  });

  it('drops operators as syntax: they become plain words, their symbols vanish', () => {
    expect(terms('x AND b OR -c NOT d* NEAR(e f) title:g ^h +i')).toEqual(
      ['x', 'b', 'c', 'd', 'near', 'e', 'f', 'title', 'g', 'h'].map((w) => [w]),
    );
  });

  it('drops stop words outside phrases and at their ends, as PostgreSQL does; keeps them inside', () => {
    expect(terms('The cache of the index')).toEqual([['cache'], ['index']]);
    expect(terms('"the cache" is fast')).toEqual([['cache'], ['fast']]);
    expect(terms('"cache of the index"')).toEqual([['cache', 'of', 'the', 'index']]);
    expect(terms('"the cache of the index is"')).toEqual([['cache', 'of', 'the', 'index']]);
    expect(terms('"of the" "the there" x')).toEqual([['x']]);
    expect(terms('the and of to')).toEqual([]);
  });

  it('treats punctuation as a separator', () => {
    expect(terms("C++ isn't; e.g. node.js, 3.14!")).toEqual(
      ['c', 'isn', 'e', 'g', 'node', 'js', '3', '14'].map((w) => [w]),
    );
    expect(terms('   ,.;:!?()[]{}<>/\\|@#$%^&*~`   ')).toEqual([]);
    expect(terms('')).toEqual([]);
  });

  it('keeps letters of every script, normalized (NFKC) and lowercased', () => {
    expect(terms('Café ÜBER Straße')).toEqual([['café'], ['über'], ['straße']]);
    expect(terms('ＡＢＣ１２３')).toEqual([['abc123']]);
    expect(terms('Cafe\u0301')).toEqual([['café']]);
    expect(terms('Привет мир')).toEqual([['привет'], ['мир']]);
    expect(terms('中文搜索，测试')).toEqual([['中文搜索'], ['测试']]);
    expect(terms('"深度 学习"')).toEqual([['深度', '学习']]);
  });

  it('drops emoji and invisible characters', () => {
    expect(terms('🎉 party 🚀')).toEqual([['party']]);
    expect(terms('🎉🚀👍🏽')).toEqual([]);
    expect(terms('zero\u200bwidth')).toEqual([['zero'], ['width']]);
  });

  it('keeps a 500-character word whole, and a 500-character sentence to MAX_TERMS', () => {
    const long = 'a'.repeat(500);
    expect(terms(long)).toEqual([[long]]);
    const sentence = Array.from({ length: 150 }, (_, i) => `w${i}`)
      .join(' ')
      .slice(0, 500);
    expect(sentence).toHaveLength(500);
    const got = terms(sentence);
    expect(got).toHaveLength(MAX_TERMS);
    expect(got[0]).toEqual(['w0']);
    expect(got.at(-1)).toEqual([`w${MAX_TERMS - 1}`]);
  });

  it('caps at MAX_TERMS counting a phrase as one term', () => {
    expect(MAX_TERMS).toBe(16);
    const words = Array.from({ length: MAX_TERMS + 5 }, (_, i) => `t${i}`);
    expect(terms(words.join(' '))).toHaveLength(MAX_TERMS);
    const phrase = `"${words.join(' ')}" last`;
    expect(terms(phrase)).toEqual([words, ['last']]);
    expect(terms(`${words.slice(0, MAX_TERMS - 1).join(' ')} "p q" dropped`).at(-1)).toEqual([
      'p',
      'q',
    ]);
  });
});

describe('quotedTerms', () => {
  it('quotes every term, a phrase as one quoted string', () => {
    expect(quotedTerms(parseSearchText('"Exact phrase" extra'))).toBe('"exact phrase" "extra"');
  });

  it('gives an empty string for an empty query', () => {
    expect(quotedTerms({ terms: [] })).toBe('');
  });

  it('never passes a quote, operator symbol or bare keyword through', () => {
    const shape = /^"[\p{L}\p{N}]+(?: [\p{L}\p{N}]+)*"(?: "[\p{L}\p{N}]+(?: [\p{L}\p{N}]+)*")*$/u;
    for (const text of NASTY) {
      const q = parseSearchText(text);
      if (q.terms.length === 0) continue;
      expect(quotedTerms(q)).toMatch(shape);
    }
    expect(quotedTerms(parseSearchText('foo" OR "bar'))).toBe('"foo" "bar"');
    expect(quotedTerms(parseSearchText('cats or dogs'))).toBe('"cats" "dogs"');
    expect(quotedTerms(parseSearchText('foo "OR" near'))).toBe('"foo" "near"');
  });
});

describe('the engines accept every parsed query', () => {
  let sqlite: SqliteDatabase.Database;
  let client: pg.Client;
  beforeAll(async () => {
    sqlite = new SqliteDatabase(':memory:');
    sqlite.exec(
      "CREATE VIRTUAL TABLE t USING fts5(body); INSERT INTO t VALUES ('or and not near'), ('cats or dogs')",
    );
    client = new pg.Client({ connectionString: PG_ADMIN_URL });
    await client.connect();
  });
  afterAll(async () => {
    sqlite?.close();
    await client?.end();
  });

  it.each(NASTY)('FTS5 MATCH runs without a syntax error: %s', (text) => {
    const q = parseSearchText(text);
    if (q.terms.length === 0) return expect(text).not.toMatch(/[\p{L}\p{N}]/u);
    expect(() =>
      sqlite.prepare('SELECT count(*) FROM t WHERE t MATCH ?').get(quotedTerms(q)),
    ).not.toThrow();
  });

  it('FTS5 treats the words or, and, not, near as words, not operators', () => {
    const count = (text: string) =>
      (
        sqlite
          .prepare('SELECT count(*) AS n FROM t WHERE t MATCH ?')
          .get(quotedTerms(parseSearchText(text))) as { n: number }
      ).n;
    expect(count('cats OR zebras')).toBe(0);
    expect(count('NOT near')).toBe(1);
    expect(count('cats or dogs')).toBe(1);
  });

  it('PostgreSQL requires every term too: "or" is no operator there', async () => {
    const tsquery = async (text: string) =>
      (
        await client.query<{ q: string }>("SELECT websearch_to_tsquery('english', $1)::text AS q", [
          quotedTerms(parseSearchText(text)),
        ])
      ).rows[0]!.q;
    expect(await tsquery('cats OR dogs')).toBe("'cat' & 'dog'");
    expect(await tsquery('"running fast" cats')).toBe("'run' <-> 'fast' & 'cat'");
    expect(await tsquery('-cats')).toBe("'cat'");
    expect(await tsquery('中文搜索 测试')).toBe("'中文搜索' & '测试'");
  });
});
