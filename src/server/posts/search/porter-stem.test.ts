import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { stemPrefix } from './fts5-instances.js';
import { foldToken, tokenize } from './fts5-tokens.js';
import { porterStem } from './porter-stem.js';

/** The index's own tokens of `text`, in order: FTS5 with the posts index's tokenizer. */
function fts5Tokens(db: Database.Database, text: string): string[] {
  db.prepare('DELETE FROM t').run();
  db.prepare('INSERT INTO t (rowid, x) VALUES (1, ?)').run(text);
  const rows = db.prepare('SELECT term, "offset" AS at FROM v ORDER BY "offset"').all() as {
    term: string;
    at: number;
  }[];
  return rows.map((row) => row.term);
}

/** The tokens of `text` as this side splits, folds and stems them. */
function ownTokens(text: string): string[] {
  const tokens = tokenize(text);
  return Array.from({ length: tokens.count }, (_, i) =>
    porterStem(foldToken(text.slice(tokens.start[i], tokens.end[i]))),
  );
}

const SUFFIXES = [
  ...['', 's', 'es', 'ies', 'sses', 'ss', 'ed', 'eed', 'ing', 'ly', 'y', 'e', 'er', 'ers'],
  ...['ational', 'tional', 'enci', 'anci', 'izer', 'logi', 'bli', 'alli', 'entli', 'eli'],
  ...['ousli', 'ization', 'ation', 'ator', 'alism', 'iveness', 'fulness', 'ousness', 'aliti'],
  ...['iviti', 'biliti', 'icate', 'ative', 'alize', 'iciti', 'ical', 'ful', 'ness', 'al'],
  ...['ance', 'ence', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent', 'ion', 'sion'],
  ...['tion', 'ou', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize', 'll', 'at', 'bl', 'iz'],
];
const ROOTS = ['hop', 'cach', 'relat', 'condit', 'sens', 'gener', 'tri', 'fail', 'agre', 'a'];
const ROOTS2 = ['by', 'ab', 'fil', 'controll', 'happ', 'sky', 'oat', 'cr', 'x', 'ooz', 'xyz'];

/** The demo posts' words, every root with every suffix, and odd tokens. */
function vocabulary(): string[] {
  const dir = join(import.meta.dirname, '../../../../content/posts');
  const demo = readdirSync(dir)
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .join(' ')
    .match(/[\p{L}\p{N}]+/gu)!;
  const built = [...ROOTS, ...ROOTS2].flatMap((root) => SUFFIXES.map((s) => root + s));
  const odd = ['ies', 'sses', 'yyy', 'y', 'éé', 'Ελληνικά', 'naïvety', 'x'.repeat(70), '3rd'];
  return [...new Set([...demo, ...built, ...odd])];
}

describe('FTS5 porter stemming and unicode61 tokens in JavaScript', () => {
  const db = new Database(':memory:');
  db.exec(`CREATE VIRTUAL TABLE t USING fts5(x, tokenize = 'porter unicode61 remove_diacritics 2');
    CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance');`);
  afterAll(() => db.close());

  it('stems every word of a vocabulary as the index does', () => {
    const words = vocabulary();
    expect(words.length).toBeGreaterThan(2000);
    expect(ownTokens(words.join(' '))).toEqual(fts5Tokens(db, words.join(' ')));
  });

  it('keeps all but the last character of a stem at the start of the word', () => {
    // fts5-instances.ts looks for words by this prefix before it stems them.
    for (const word of vocabulary()) {
      const folded = foldToken(word);
      expect(folded.startsWith(stemPrefix(porterStem(folded))), word).toBe(true);
    }
  });

  it('splits text where unicode61 does: punctuation, accents, scripts, digits', () => {
    const text = [
      "Don't stop—the café's naïve coöperation: e.g. 3.14, x_y, ÅNGSTRÖM;",
      'résumé\u0301s, Ελληνικά ΟΔΟΣ, Кириллица, 東京タワー, emoji 🎉 here, ﬁne ＡＢＣ.',
    ].join('\n');
    expect(ownTokens(text)).toEqual(fts5Tokens(db, text));
  });
});
