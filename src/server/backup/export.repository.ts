import { sql, type Kysely, type Selectable } from 'kysely';
import type { CategoriesTable, ContactMessagesTable, Database } from '../db/schema.js';
import { batches, ROWS_PER_INSERT } from '../db/batches.js';

export type CategoryRow = Selectable<CategoriesTable>;
export type MessageRow = Selectable<ContactMessagesTable>;

/** Reads the store as a content folder holds it, and writes back the ids and dates of one. */
export class ExportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async categories(): Promise<CategoryRow[]> {
    return this.db.selectFrom('categories').selectAll().orderBy('id').execute();
  }

  /** Up to ROWS_PER_INSERT posts with an id above `afterId`, by id, with their category's slug. */
  async postsAfter(afterId: number) {
    return this.db
      .selectFrom('posts')
      .innerJoin('categories', 'categories.id', 'posts.category_id')
      .select([
        'posts.id',
        'posts.slug',
        'posts.title',
        'posts.summary',
        'posts.image',
        'posts.content_html',
        'posts.published_at',
        'posts.draft',
        'posts.modified_at',
        'posts.image_alt',
        'posts.category_id',
        'posts.created_at',
        'posts.updated_at',
        'categories.slug as category',
      ])
      .where('posts.id', '>', afterId)
      .orderBy('posts.id')
      .limit(ROWS_PER_INSERT)
      .execute();
  }

  /** The tag names of these posts, each post's in its order. */
  async tagNames(postIds: number[]): Promise<Map<number, string[]>> {
    const names = new Map<number, string[]>();
    if (postIds.length === 0) return names;
    const rows = await this.db
      .selectFrom('post_tags')
      .innerJoin('tags', 'tags.id', 'post_tags.tag_id')
      .select(['post_tags.post_id', 'tags.name'])
      .where('post_tags.post_id', 'in', postIds)
      .orderBy('post_tags.post_id')
      .orderBy('post_tags.position')
      .execute();
    for (const row of rows) names.set(row.post_id, [...(names.get(row.post_id) ?? []), row.name]);
    return names;
  }

  /** The analytics' counts, oldest first (never the day's visitor hashes nor their salt). */
  async analyticsCounts() {
    const rows = await this.db
      .selectFrom('analytics_counts')
      .select(['period', 'kind', 'path', 'value', 'count', 'peak'])
      .orderBy('period')
      .orderBy('kind')
      .orderBy('path')
      .orderBy('value')
      .execute();
    return rows.map((row) => ({ ...row, count: Number(row.count), peak: Number(row.peak) }));
  }

  async messages(): Promise<MessageRow[]> {
    return this.db.selectFrom('contact_messages').selectAll().orderBy('id').execute();
  }

  /**
   * A row that holds a post's id, category and dates until the import writes the post into it
   * (an upsert by slug keeps the id and the creation date). A draft, so no page lists it, and
   * without a source, which tells an unfilled one.
   */
  async insertPlaceholders(
    posts: Array<{ id: number; slug: string; category_id: number; created_at: string }>,
  ): Promise<void> {
    for (const slice of batches(posts, ROWS_PER_INSERT))
      await this.db
        .insertInto('posts')
        .values(
          slice.map((post) => ({
            ...post,
            title: post.slug,
            summary: '',
            image: '',
            content_html: '',
            body_text: '',
            published_at: post.created_at,
            draft: 1,
            source_path: null,
            source_hash: null,
            updated_at: post.created_at,
          })),
        )
        .execute();
  }

  /** Removes the placeholders no import filled; returns how many. */
  async deletePlaceholders(): Promise<number> {
    const result = await this.db
      .deleteFrom('posts')
      .where('source_path', 'is', null)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** How many posts the store holds, drafts included. */
  async postCount(): Promise<number> {
    const row = await this.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** How many of these post ids the store holds. */
  async countPosts(ids: number[]): Promise<number> {
    let count = 0;
    for (const slice of batches(ids)) {
      const row = await this.db
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id', 'in', slice)
        .executeTakeFirstOrThrow();
      count += Number(row.n);
    }
    return count;
  }

  async insertCategories(rows: CategoryRow[]): Promise<void> {
    if (rows.length) await this.db.insertInto('categories').values(rows).execute();
  }

  async insertMessages(rows: MessageRow[]): Promise<void> {
    for (const slice of batches(rows, ROWS_PER_INSERT))
      await this.db.insertInto('contact_messages').values(slice).execute();
  }

  /** Deletes the given rows of a table, by id (categories: only those no post uses). */
  async deleteIds(table: 'categories' | 'contact_messages', ids: number[]): Promise<void> {
    for (const slice of batches(ids)) {
      let query = this.db.deleteFrom(table).where('id', 'in', slice);
      if (table === 'categories')
        query = query.where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('posts')
                .select('posts.id')
                .whereRef('posts.category_id', '=', 'categories.id'),
            ),
          ),
        );
      await query.execute();
    }
  }

  /** Sets posts' change dates by slug, in one statement per batch. */
  async setUpdatedAt(dates: Array<{ slug: string; updated_at: string }>): Promise<void> {
    for (const slice of batches(dates, ROWS_PER_INSERT)) {
      const values = slice.map((d) => sql`(${d.slug}, ${d.updated_at})`);
      // VALUES names its columns column1, column2 on both engines.
      await sql`UPDATE posts SET updated_at = given.updated_at
        FROM (SELECT column1 AS slug, column2 AS updated_at FROM (VALUES ${sql.join(values)}) AS v) AS given
        WHERE posts.slug = given.slug`.execute(this.db);
    }
  }
}
