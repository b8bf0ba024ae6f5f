import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import { perShape, preparedQuery } from '../db/prepared-query.js';
import type { Database } from '../db/schema.js';
import type { PostCard } from '../../shared/schemas/api.js';

// What PostsRepository and the search adapters build their queries from: a card's columns,
// the visible-post predicate, a list; and the queries of the hot read paths, compiled once.

/** What a post's link shows and what ranks it among related posts, named as the API names them. */
export const SUMMARY_COLUMNS = [
  'posts.id',
  'posts.title as name',
  'posts.slug',
  'posts.image',
  'posts.summary',
  'posts.category_id',
  'posts.published_at',
] as const;

/** The columns of a card: a summary and its reading figures. */
export const CARD_COLUMNS = [
  ...SUMMARY_COLUMNS,
  'posts.reading_minutes',
  'posts.word_count',
] as const;

/** A card as the store reads it; the service adds its tags (`TagsService.withTags`). */
export type CardRow = Omit<PostCard, 'tags'>;

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
 * declared with (`WHERE draft = 0`, a literal: with a bound value SQLite plans the statement
 * again on every run to match the value to the indexes' condition, and PostgreSQL's generic
 * plans cannot use them); the date is then a range bound on
 * those indexes, which lead with `published_at`.
 */
export function visible(now: string) {
  return (eb: ExpressionBuilder<Database, 'posts'>) =>
    eb.and([eb('posts.draft', '=', eb.lit(0)), eb('posts.published_at', '<=', now)]);
}

/** A page's first post: the list from it on, in list order, is the page and what follows. */
export interface ListStart {
  from: string;
  fromId: number;
}

/**
 * The posts of a list (all, or one category's; or with `tagId` one tag's, read through its
 * links) visible at `now`, unordered; with `start`, only those from it on. A list is ordered and
 * bounded by `listOrder`'s columns.
 */
export function listed(
  db: Kysely<Database>,
  categoryId: number | undefined,
  now: string,
  tagId?: number,
  start?: ListStart,
) {
  const order = listOrder(tagId);
  // The start's bound comes before `visible(now)`: SQLite ends its index range at the first
  // bound on the date it meets, and `published_at <= now` reads the whole list before the page
  // (a deep category page at 10k posts: 0.32 ms, against 0.03 ms with the start's bound first).
  const bound =
    start && sql<boolean>`(${order.date}, ${order.id}) <= (${start.from}, ${start.fromId})`;
  if (tagId !== undefined) {
    let links = db
      .selectFrom('post_tags')
      .innerJoin('posts', 'posts.id', 'post_tags.post_id')
      .where('post_tags.tag_id', '=', tagId);
    if (bound) links = links.where(bound);
    // Typed as the posts alone: callers name the posts' columns and, for the order, listOrder's.
    return links.where(visible(now)) as unknown as SelectQueryBuilder<Database, 'posts', object>;
  }
  let query = db.selectFrom('posts');
  if (bound) query = query.where(bound);
  query = query.where(visible(now));
  return categoryId === undefined ? query : query.where('posts.category_id', '=', categoryId);
}

/**
 * The columns a list is in order by (newest first: both descending). A tag's list is ordered by
 * its links' copy of the posts' dates, so that the tag's index gives the order from any start.
 */
export function listOrder(tagId?: number) {
  return tagId === undefined
    ? { date: sql.ref('posts.published_at'), id: sql.ref('posts.id') }
    : { date: sql.ref('post_tags.published_at'), id: sql.ref('post_tags.post_id') };
}

/** A page of all posts or of a category, from its first post. */
const pageFrom = (db: Kysely<Database>, inCategory: boolean) =>
  perShape((limit) =>
    preparedQuery(db, (now: string, categoryId: number, from: string, fromId: number) =>
      listed(db, inCategory ? categoryId : undefined, now, undefined, { from, fromId })
        .select(CARD_COLUMNS)
        .orderBy('posts.published_at', 'desc')
        .orderBy('posts.id', 'desc')
        .limit(limit),
    ),
  );

/** The newest posts other than one, in its category or outside it. */
const newestOthers = (db: Kysely<Database>, sameCategory: boolean) =>
  perShape((limit) =>
    preparedQuery(db, (now: string, postId: number, categoryId: number) =>
      db
        .selectFrom('posts')
        .select(['posts.id', 'posts.title as name', 'posts.slug', 'posts.image'])
        .where(visible(now))
        .where('posts.id', '!=', postId)
        .where('posts.category_id', sameCategory ? '=' : '!=', categoryId)
        .orderBy('posts.published_at', 'desc')
        .orderBy('posts.id', 'desc')
        .limit(limit),
    ),
  );

/**
 * The queries of every uncached post view and list page, built and compiled once
 * (db/prepared-query.ts): Kysely's building cost as much as SQLite's indexed reads. One per shape.
 */
export function preparedReads(db: Kysely<Database>) {
  return {
    pageOfAll: pageFrom(db, false),
    pageOfCategory: pageFrom(db, true),
    pageOfTag: perShape((limit) =>
      preparedQuery(db, (now: string, tagId: number, from: string, fromId: number) => {
        const order = listOrder(tagId);
        return listed(db, undefined, now, tagId, { from, fromId })
          .select(CARD_COLUMNS)
          .orderBy(order.date, 'desc')
          .orderBy(order.id, 'desc')
          .limit(limit);
      }),
    ),
    newestInCategory: newestOthers(db, true),
    newestElsewhere: newestOthers(db, false),
    // `anyState` 1: a draft or scheduled post too, for a private preview.
    postBySlug: preparedQuery(db, (now: string, slug: string, anyState: number) =>
      db
        .selectFrom('posts')
        .innerJoin('categories', 'categories.id', 'posts.category_id')
        .select([
          'posts.id',
          ...POST_COLUMNS,
          'posts.modified_at',
          'posts.image_alt',
          'posts.reading_minutes',
          'posts.word_count',
          'posts.toc_json',
          'categories.id as category_id',
          'categories.name as category_name',
          'categories.slug as category_slug',
        ])
        .where('posts.slug', '=', slug)
        .where((eb) => eb.or([visible(now)(eb), eb(eb.val(anyState), '=', 1)])),
    ),
  };
}
