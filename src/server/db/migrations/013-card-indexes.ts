import { sql, type Kysely } from 'kysely';
import type { Engine } from '../schema.js';

/** What a card and a post's link to its neighbours show, beyond the lists' order. */
const CARD_FIELDS = 'title, slug, image, summary, category_id, reading_minutes, word_count';

/**
 * The lists' partial indexes of migration 001 made covering on SQLite: each entry also holds what
 * a card shows, so a page of 12 cards (and a post's previous and next) is read from a few
 * consecutive index pages instead of 12 rows, each on a page of its own beside its post's text.
 * A post's links to its tags get the same: one index holds a post's tags in order.
 * PostgreSQL keeps long text out of the row (TOAST), so its rows are already narrow.
 */
export function cardIndexes(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'sqlite') return;
      await sql`DROP INDEX posts_published_idx`.execute(db);
      await sql`DROP INDEX posts_category_published_idx`.execute(db);
      await sql`CREATE INDEX posts_published_idx
        ON posts (published_at DESC, id DESC, ${sql.raw(CARD_FIELDS)}) WHERE draft = 0`.execute(db);
      await sql`CREATE INDEX posts_category_published_idx
        ON posts (category_id, published_at DESC, id DESC, ${sql.raw(CARD_FIELDS)})
        WHERE draft = 0`.execute(db);
      await sql`CREATE INDEX post_tags_post_idx ON post_tags (post_id, position, tag_id)`.execute(
        db,
      );
    },
  };
}
