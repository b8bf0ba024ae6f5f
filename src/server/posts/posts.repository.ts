import type { Kysely } from 'kysely';
import type { Category, PostCard, PostDetail, RelatedPost } from '../../shared/schemas/api.js';
import type { Database } from '../db/schema.js';

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

/** The columns of a card, named as the API names them. */
export const CARD_COLUMNS = [
  'posts.id',
  'posts.title as name',
  'posts.slug',
  'posts.image',
  'posts.summary',
  'posts.category_id',
  'posts.published_at',
] as const;

/**
 * Read queries for posts and categories: lists, a post, related posts, feeds and the sitemap.
 * Full-text search has its own adapters (search/).
 */
export class PostsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listCategories(): Promise<Category[]> {
    return this.db
      .selectFrom('categories')
      .leftJoin('posts', (join) =>
        join.onRef('posts.category_id', '=', 'categories.id').on('posts.draft', '=', 0),
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
      .where('draft', '=', 0);
    if (categoryId !== undefined) query = query.where('category_id', '=', categoryId);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.total);
  }

  async listCards(options: {
    categoryId?: number;
    limit: number;
    offset: number;
  }): Promise<PostCard[]> {
    let query = this.db.selectFrom('posts').select(CARD_COLUMNS).where('posts.draft', '=', 0);
    if (options.categoryId !== undefined)
      query = query.where('posts.category_id', '=', options.categoryId);
    return query
      .orderBy('posts.published_at', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(options.limit)
      .offset(options.offset)
      .execute();
  }

  async findPublishedBySlug(slug: string): Promise<PostDetail | undefined> {
    const row = await this.db
      .selectFrom('posts')
      .innerJoin('categories', 'categories.id', 'posts.category_id')
      .select([
        'posts.id',
        'posts.title',
        'posts.slug',
        'posts.summary',
        'posts.image',
        'posts.content_html',
        'posts.published_at',
        'posts.updated_at',
        'categories.id as category_id',
        'categories.name as category_name',
        'categories.slug as category_slug',
      ])
      .where('posts.slug', '=', slug)
      .where('posts.draft', '=', 0)
      .executeTakeFirst();
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
    const newest = (sameCategory: boolean, count: number) =>
      this.db
        .selectFrom('posts')
        .select(['title as name', 'slug', 'image'])
        .where('draft', '=', 0)
        .where('id', '!=', post.id)
        .where('category_id', sameCategory ? '=' : '!=', post.category.id)
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .limit(count)
        .execute();
    const same = await newest(true, limit);
    return same.length < limit ? [...same, ...(await newest(false, limit - same.length))] : same;
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
      .select([
        'posts.title',
        'posts.slug',
        'posts.summary',
        'posts.image',
        'posts.content_html',
        'posts.published_at',
        'posts.updated_at',
        'categories.name as category_name',
      ])
      .where('posts.draft', '=', 0);
    if (categoryId !== undefined) query = query.where('posts.category_id', '=', categoryId);
    return query
      .orderBy('posts.published_at', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Slugs and change dates of published posts, newest first, for the sitemap. */
  async listSitemapEntries(limit: number): Promise<Array<{ slug: string; updated_at: string }>> {
    return this.db
      .selectFrom('posts')
      .select(['slug', 'updated_at'])
      .where('draft', '=', 0)
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async contentVersion(): Promise<number> {
    const row = await this.db
      .selectFrom('content_state')
      .select('version')
      .where('id', '=', 1)
      .executeTakeFirst();
    return Number(row?.version ?? 0);
  }
}
