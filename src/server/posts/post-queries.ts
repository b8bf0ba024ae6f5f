import type { ExpressionBuilder, Kysely } from 'kysely';
import { preparedQuery } from '../db/prepared-query.js';
import type { Database } from '../db/schema.js';

// What PostsRepository and the search adapters build their queries from: a card's columns,
// the visible-post predicate, a list; and the queries of the hot read paths, compiled once.

/** The columns of a card, named as the API names them. */
export const CARD_COLUMNS = [
  'posts.id',
  'posts.title as name',
  'posts.slug',
  'posts.image',
  'posts.summary',
  'posts.category_id',
  'posts.published_at',
  'posts.reading_minutes',
  'posts.word_count',
] as const;

/** The columns of a post as a reader sees it, shared by a post view and the feeds. */
export const POST_COLUMNS = [
  'posts.title',
  'posts.slug',
  'posts.summary',
  'posts.image',
  'posts.content_html',
  'posts.published_at',
  'posts.updated_at',
] as const;

/**
 * Which posts a reader sees at `now` (ISO 8601, `isoNow`): published, not drafts, and dated no
 * later than now, so a scheduled post stays hidden until its time. Every list, count, page key,
 * post view, related list, feed and the sitemap goes through this one predicate (the search
 * adapters state the same rule in their SQL). It must keep the form the partial indexes are
 * declared with (`WHERE draft = 0`), or the planners stop using them; the date is then a range
 * bound on those indexes, which lead with `published_at`.
 */
export function visible(now: string) {
  return (eb: ExpressionBuilder<Database, 'posts'>) =>
    eb.and([eb('posts.draft', '=', 0), eb('posts.published_at', '<=', now)]);
}

/** The posts of a list (all, or one category's) visible at `now`, unordered. */
export function listed(db: Kysely<Database>, categoryId: number | undefined, now: string) {
  const query = db.selectFrom('posts').where(visible(now));
  return categoryId === undefined ? query : query.where('posts.category_id', '=', categoryId);
}

/**
 * The queries of every uncached post view and list page, built and compiled once
 * (db/prepared-query.ts): Kysely's building cost as much as SQLite's indexed reads. One per shape.
 */
export function preparedReads(db: Kysely<Database>) {
  const pageFrom = (inCategory: boolean) =>
    preparedQuery(
      db,
      (now: string, categoryId: number, from: string, fromId: number, limit: number) =>
        listed(db, inCategory ? categoryId : undefined, now)
          .select(CARD_COLUMNS)
          .where((eb) =>
            eb(eb.refTuple('posts.published_at', 'posts.id'), '<=', eb.tuple(from, fromId)),
          )
          .orderBy('posts.published_at', 'desc')
          .orderBy('posts.id', 'desc')
          .limit(limit),
    );
  const newestOthers = (sameCategory: boolean) =>
    preparedQuery(db, (now: string, postId: number, categoryId: number, limit: number) =>
      db
        .selectFrom('posts')
        .select(['posts.id', 'posts.title as name', 'posts.slug', 'posts.image'])
        .where(visible(now))
        .where('posts.id', '!=', postId)
        .where('posts.category_id', sameCategory ? '=' : '!=', categoryId)
        .orderBy('posts.published_at', 'desc')
        .orderBy('posts.id', 'desc')
        .limit(limit),
    );
  return {
    pageOfAll: pageFrom(false),
    pageOfCategory: pageFrom(true),
    newestInCategory: newestOthers(true),
    newestElsewhere: newestOthers(false),
    postBySlug: preparedQuery(db, (now: string, slug: string) =>
      db
        .selectFrom('posts')
        .innerJoin('categories', 'categories.id', 'posts.category_id')
        .select([
          'posts.id',
          ...POST_COLUMNS,
          'posts.reading_minutes',
          'posts.word_count',
          'posts.toc_json',
          'categories.id as category_id',
          'categories.name as category_name',
          'categories.slug as category_slug',
        ])
        .where('posts.slug', '=', slug)
        .where(visible(now)),
    ),
  };
}
