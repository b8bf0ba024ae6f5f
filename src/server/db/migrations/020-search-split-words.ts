import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Engine } from '../schema.js';

/** Every ASCII punctuation character, each replaced by a space before PostgreSQL parses text. */
const ASCII_PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

/**
 * `column` as SQLite's unicode61 tokenizer splits it: at every punctuation character. PostgreSQL's
 * parser would keep `0007-use-sqlite-for-the-content-store.md` or `src/db/store.ts` as one host
 * or file token, so a search for "sqlite" or "store" missed a post that names it only there.
 */
const splitWords = (text: RawBuilder<unknown>) =>
  sql`translate(${text}, ${sql.lit(ASCII_PUNCTUATION)}, ${sql.lit(' '.repeat(ASCII_PUNCTUATION.length))})`;

/** The vector of `text` split as SQLite splits it, its lexemes given `weight`. */
export const searchText = (text: RawBuilder<unknown>, weight: 'A' | 'B' | 'C') =>
  sql`setweight(to_tsvector('english', ${splitWords(text)}), ${sql.lit(weight)})`;

/** How much of a body the ranking vector holds: its first words, where a post states its subject. */
export const HEAD_BODY_CHARS = 400;

/**
 * The GIN index of the search vector, over published and scheduled posts only: a count of a
 * query's matches then needs no row's `draft`. Migration 021 makes it again with the posts'
 * buckets.
 */
const POSTS_SEARCH_INDEX = sql`CREATE INDEX posts_search_idx ON posts
  USING gin (search_vector) WHERE draft = 0`;

/**
 * PostgreSQL: the search vector made again from text split as SQLite splits it, and beside it a
 * narrow one that ranking reads (title, summary and the body's first HEAD_BODY_CHARS characters,
 * ≈ 1 KB against the whole body's ≈ 18 KB). One ALTER TABLE rewrites the table once.
 */
export function searchSplitWords(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'postgres') return;
      const vector = (body: RawBuilder<unknown>) => sql`
        ${searchText(sql`title`, 'A')} || ${searchText(sql`summary`, 'B')} ||
        ${searchText(body, 'C')}`;
      await sql`ALTER TABLE posts DROP COLUMN search_vector,
        ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (${vector(sql`body_text`)}) STORED,
        ADD COLUMN search_head tsvector
          GENERATED ALWAYS AS (${vector(sql`left(body_text, ${sql.lit(HEAD_BODY_CHARS)})`)}) STORED`.execute(
        db,
      );
      await sql`SET LOCAL maintenance_work_mem = '256MB'`.execute(db);
      await POSTS_SEARCH_INDEX.execute(db);
    },
  };
}
