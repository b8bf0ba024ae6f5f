import { sql, type Kysely } from 'kysely';
import type { Category, PostDetail, RelatedPost, TocEntry } from '../../shared/schemas/api.js';
import type { Database } from '../db/schema.js';
import { isoNow, systemClock, type Clock } from '../schedule/clock.js';
import {
  CARD_COLUMNS,
  listed,
  listOrder,
  POST_COLUMNS,
  preparedReads,
  visible,
  type CardRow,
} from './post-queries.js';
import { TagsRepository } from './tags.repository.js';
import { PostContextRepository } from './post-context.repository.js';
import { PostMovesRepository } from './post-moves.repository.js';
import { SitemapRepository } from './sitemap.repository.js';
import type { PageKey } from './page-starts.js';

export interface FeedItem {
  title: string;
  slug: string;
  summary: string;
  image: string;
  content_html: string;
  published_at: string;
  updated_at: string;
  category_name: string;
}

/**
 * Read queries for posts and categories: lists, a post, related posts, feeds and the sitemap
 * (sitemap.repository.ts). Full-text search has its own adapters (search/).
 */
export class PostsRepository {
  /** Tags: their list, the tags of posts, a tag's feed. */
  readonly tags: TagsRepository;
  /** What a post page shows around the post: related candidates, the posts before and after. */
  readonly context: PostContextRepository;
  /** Where old slugs lead (a post's current slug, or gone). */
  readonly moves: PostMovesRepository;
  /** The visible posts as the sitemap lists them, counted and walked in order. */
  readonly sitemap: SitemapRepository;
  /** The queries of every uncached post view and list page, compiled once. */
  private readonly prepared: ReturnType<typeof preparedReads>;

  constructor(
    private readonly db: Kysely<Database>,
    /** What "now" is for `visible`: posts dated later are hidden (schedule/). */
    private readonly clock: Clock = systemClock,
  ) {
    this.prepared = preparedReads(db);
    this.tags = new TagsRepository(db, clock);
    this.context = new PostContextRepository(db, clock);
    this.moves = new PostMovesRepository(db);
    this.sitemap = new SitemapRepository(db, clock);
  }

  private now(): string {
    return isoNow(this.clock);
  }

  async listCategories(): Promise<Category[]> {
    return this.db
      .selectFrom('categories')
      .leftJoin('posts', (join) =>
        join.onRef('posts.category_id', '=', 'categories.id').on(visible(this.now())),
      )
      .select(['categories.id', 'categories.name', 'categories.slug'])
      .select((eb) => eb.fn.count<number>('posts.id').as('post_count'))
      .groupBy(['categories.id', 'categories.name', 'categories.slug', 'categories.position'])
      .orderBy('categories.position')
      .orderBy('categories.id')
      .execute();
  }

  async findCategory(id: number): Promise<{ id: number; name: string; slug: string } | undefined> {
    return this.db
      .selectFrom('categories')
      .select(['id', 'name', 'slug'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async countPublished(categoryId?: number): Promise<number> {
    let query = this.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where(visible(this.now()));
    if (categoryId !== undefined) query = query.where('posts.category_id', '=', categoryId);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.total);
  }

  private listed(categoryId: number | undefined, now = this.now(), tagId?: number) {
    return listed(this.db, categoryId, now, tagId);
  }

  /** A page by OFFSET: reads and skips every earlier post. Paging uses `listCardsFrom`. */
  async listCards(options: {
    categoryId?: number;
    tagId?: number;
    limit: number;
    offset: number;
  }): Promise<CardRow[]> {
    return this.listed(options.categoryId, undefined, options.tagId)
      .select(CARD_COLUMNS)
      .orderBy('posts.published_at', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(options.limit)
      .offset(options.offset)
      .execute();
  }

  /**
   * A page by its first post: `limit` cards from `from` on, newest first. A row-value bound on
   * the list's index (published_at DESC, id DESC), so page 8,000 costs what page 1 costs.
   */
  async listCardsFrom(options: {
    categoryId?: number;
    tagId?: number;
    from: PageKey;
    limit: number;
  }): Promise<CardRow[]> {
    const { categoryId, tagId, from, limit } = options;
    const now = this.now();
    if (tagId !== undefined)
      return this.prepared.pageOfTag(limit)(now, tagId, from.published_at, from.id);
    return categoryId === undefined
      ? this.prepared.pageOfAll(limit)(now, 0, from.published_at, from.id)
      : this.prepared.pageOfCategory(limit)(now, categoryId, from.published_at, from.id);
  }

  /**
   * The first post of every page of a list, newest first, and the list's length: numbered in one
   * ordered walk of the list's partial index and counted in the same statement (one snapshot),
   * index-only on both engines. Only a page's first row leaves the database.
   */
  async listPageStarts(
    pageSize: number,
    categoryId?: number,
    tagId?: number,
  ): Promise<{ starts: PageKey[]; total: number }> {
    const order = listOrder(tagId);
    // One instant for both halves, so the count is of the same list as the starts.
    const now = this.now();
    const numbered = this.listed(categoryId, now, tagId).select((eb) => [
      'posts.published_at',
      'posts.id',
      eb.fn
        .agg<number>('row_number')
        .over((over) => over.orderBy(order.date, 'desc').orderBy(order.id, 'desc'))
        .as('n'),
    ]);
    const rows = await this.db
      .selectFrom(numbered.as('numbered'))
      .select(['published_at', 'id', 'n'])
      .where(sql<number>`(n - 1) % ${pageSize}`, '=', 0)
      .$castTo<{ published_at: string | null; id: number | null; n: number }>()
      .unionAll(
        this.listed(categoryId, now, tagId).select((eb) => [
          sql<string | null>`NULL`.as('published_at'),
          sql<number | null>`NULL`.as('id'),
          eb.fn.countAll<number>().as('n'),
        ]),
      )
      .orderBy('n')
      .execute();
    const starts: PageKey[] = [];
    let total = 0;
    for (const row of rows) {
      if (row.id === null || row.published_at === null) total = Number(row.n);
      else starts.push({ published_at: row.published_at, id: Number(row.id) });
    }
    return { starts, total };
  }

  /** A post readers may see; with `anyState`, a draft or scheduled one too (previews). */
  async findPublishedBySlug(
    slug: string,
    anyState = false,
  ): Promise<Omit<PostDetail, 'tags'> | undefined> {
    const [row] = await this.prepared.postBySlug(this.now(), slug, anyState ? 1 : 0);
    if (!row) return undefined;
    return {
      id: row.id,
      title: row.title,
      name: row.title,
      slug: row.slug,
      summary: row.summary,
      image: row.image,
      content: row.content_html,
      category: { id: row.category_id, name: row.category_name, slug: row.category_slug },
      published_at: row.published_at,
      updated_at: row.updated_at,
      modified_at: row.modified_at,
      image_alt: row.image_alt,
      reading_minutes: row.reading_minutes,
      word_count: row.word_count,
      // Written by the import from the same schema (content/markdown/toc.ts).
      toc: JSON.parse(row.toc_json) as TocEntry[],
    };
  }

  /**
   * Posts of the same category first, then the rest; newest first; never the post itself.
   * Each part is one query that walks a partial index of published posts and stops at `limit`;
   * the second runs only when the category has fewer than `limit` other posts.
   */
  async listRelated(
    post: { id: number; category: { id: number } },
    limit: number,
  ): Promise<RelatedPost[]> {
    const now = this.now();
    const same = await this.prepared.newestInCategory(limit)(now, post.id, post.category.id);
    const rest =
      same.length < limit
        ? await this.prepared.newestElsewhere(limit - same.length)(now, post.id, post.category.id)
        : [];
    return [...same, ...rest].map(({ name, slug, image }) => ({ name, slug, image }));
  }

  async findCategoryBySlug(
    slug: string,
  ): Promise<{ id: number; name: string; slug: string } | undefined> {
    return this.db
      .selectFrom('categories')
      .select(['id', 'name', 'slug'])
      .where('slug', '=', slug)
      .executeTakeFirst();
  }

  /** The newest published posts with their HTML, for feeds. */
  async listFeedItems(limit: number, categoryId?: number): Promise<FeedItem[]> {
    let query = this.db
      .selectFrom('posts')
      .innerJoin('categories', 'categories.id', 'posts.category_id')
      .select([...POST_COLUMNS, 'categories.name as category_name'])
      .where(visible(this.now()));
    if (categoryId !== undefined) query = query.where('posts.category_id', '=', categoryId);
    return query
      .orderBy('posts.published_at', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(limit)
      .execute();
  }
}
