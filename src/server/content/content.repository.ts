import type { Insertable, Kysely } from 'kysely';
import type { CategoryConfig } from '../../shared/schemas/site-config.js';
import type { Database, PostsTable } from '../db/schema.js';
import type { ContentChange } from '../cache/content-change.js';
import { PostTagsRepository } from './post-tags.repository.js';
import { batches, ROWS_PER_INSERT } from '../db/batches.js';
import { CARD_FIELDS, type StoredCard } from './import-stages/card-changes.js';
import type { Static } from 'typebox';

/** A post as import writes it; the id and timestamps are the store's. */
export type PostRow = Omit<Insertable<PostsTable>, 'id' | 'created_at' | 'updated_at'> & {
  source_path: string;
  source_hash: string;
};

/** What the store holds of an imported file: enough to skip it when nothing changed. */
export interface StoredSource {
  slug: string;
  hash: string | null;
  category: string;
  image: string;
}

/** The write side of content: every statement runs inside the import's transaction. */
export class ContentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The card (import-stages/card-changes.ts) of each of these posts the store holds, by slug. */
  async storedCards(slugs: readonly string[]): Promise<Map<string, StoredCard>> {
    const cards = new Map<string, StoredCard>();
    if (slugs.length === 0) return cards;
    const posts = await this.db
      .selectFrom('posts')
      .select(['id', 'slug', ...CARD_FIELDS])
      .where('slug', 'in', slugs)
      .execute();
    if (posts.length === 0) return cards;
    const tagsOf = await new PostTagsRepository(this.db).ofPosts(posts.map((post) => post.id));
    for (const { id, slug, ...fields } of posts)
      cards.set(slug, { fields, tags: tagsOf.get(id) ?? [] });
    return cards;
  }

  /** The names the store holds for these tags, by slug (those it holds). */
  async tagNames(slugs: readonly string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    for (const batch of batches(slugs)) {
      const rows = await this.db
        .selectFrom('tags')
        .select(['slug', 'name'])
        .where('slug', 'in', batch)
        .execute();
      for (const row of rows) names.set(row.slug, row.name);
    }
    return names;
  }

  /** Each imported file's StoredSource, by its path in the content folder. */
  async existingSources(): Promise<Map<string, StoredSource>> {
    const rows = await this.db
      .selectFrom('posts')
      .innerJoin('categories', 'categories.id', 'posts.category_id')
      .select([
        'posts.slug',
        'posts.source_path',
        'posts.source_hash',
        'posts.image',
        'categories.slug as category',
      ])
      .where('posts.source_path', 'is not', null)
      .execute();
    return new Map(
      rows.map((r) => [
        r.source_path!,
        { slug: r.slug, hash: r.source_hash, category: r.category, image: r.image },
      ]),
    );
  }

  async hasPosts(): Promise<boolean> {
    return (
      (await this.db.selectFrom('posts').select('id').limit(1).executeTakeFirst()) !== undefined
    );
  }

  async allSlugs(): Promise<Set<string>> {
    const rows = await this.db.selectFrom('posts').select('slug').execute();
    return new Set(rows.map((r) => r.slug));
  }

  /** Inserts or renames categories by slug, in config order; returns slug → id. */
  async upsertCategories(
    categories: Static<typeof CategoryConfig>[],
  ): Promise<Map<string, number>> {
    for (const [position, category] of categories.entries()) {
      await this.db
        .insertInto('categories')
        .values({
          slug: category.slug,
          name: category.name,
          description: category.description ?? '',
          position,
        })
        .onConflict((oc) =>
          oc.column('slug').doUpdateSet({
            name: category.name,
            description: category.description ?? '',
            position,
          }),
        )
        .execute();
    }
    const rows = await this.db.selectFrom('categories').select(['id', 'slug']).execute();
    return new Map(rows.map((r) => [r.slug, r.id]));
  }

  /** Inserts new posts and updates changed ones, matched by slug. */
  async upsertPosts(rows: PostRow[], now: string): Promise<void> {
    for (const slice of batches(rows, ROWS_PER_INSERT)) {
      const batch = slice.map((row) => ({ ...row, created_at: now, updated_at: now }));
      await this.db
        .insertInto('posts')
        .values(batch)
        .onConflict((oc) =>
          oc.column('slug').doUpdateSet((eb) => ({
            title: eb.ref('excluded.title'),
            category_id: eb.ref('excluded.category_id'),
            summary: eb.ref('excluded.summary'),
            image: eb.ref('excluded.image'),
            content_html: eb.ref('excluded.content_html'),
            body_text: eb.ref('excluded.body_text'),
            word_count: eb.ref('excluded.word_count'),
            reading_minutes: eb.ref('excluded.reading_minutes'),
            toc_json: eb.ref('excluded.toc_json'),
            published_at: eb.ref('excluded.published_at'),
            draft: eb.ref('excluded.draft'),
            modified_at: eb.ref('excluded.modified_at'),
            image_alt: eb.ref('excluded.image_alt'),
            source_path: eb.ref('excluded.source_path'),
            source_hash: eb.ref('excluded.source_hash'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    }
  }

  async deletePosts(gone: string[]): Promise<void> {
    for (const batch of batches(gone))
      await this.db.deleteFrom('posts').where('slug', 'in', batch).execute();
  }

  /** Removes categories no longer configured that no post uses. */
  async deleteUnusedCategoriesExcept(keep: Set<string>): Promise<number> {
    const rows = await this.db
      .selectFrom('categories')
      .leftJoin('posts', 'posts.category_id', 'categories.id')
      .select(['categories.id', 'categories.slug'])
      .where('posts.id', 'is', null)
      .execute();
    const unused = rows.filter((r) => !keep.has(r.slug)).map((r) => r.id);
    if (unused.length) await this.db.deleteFrom('categories').where('id', 'in', unused).execute();
    return unused.length;
  }

  async siteJson(): Promise<string | null> {
    const row = await this.db
      .selectFrom('content_state')
      .select('site_json')
      .where('id', '=', 1)
      .executeTakeFirst();
    return row?.site_json ?? null;
  }

  /** The site folder's theme.css as the last import stored it (migration 018); null without one. */
  async themeCss(): Promise<string | null> {
    const row = await this.db
      .selectFrom('content_state')
      .select('theme_css')
      .where('id', '=', 1)
      .executeTakeFirst();
    return row?.theme_css ?? null;
  }

  /**
   * Moves the content version on and stores the site config and theme.css every instance serves,
   * with what the import changed of the posts since the version before when it knows (migration
   * 016).
   */
  async publish(
    siteJson: string,
    now: string,
    change: ContentChange | null = null,
    themeCss: string | null = null,
  ): Promise<void> {
    await this.db
      .updateTable('content_state')
      .set((eb) => ({
        version: eb('version', '+', 1),
        changed_since: change ? eb.ref('version') : null,
        change_json: change ? JSON.stringify(change) : null,
        // Servers of the builds before migration 016 then drop every cached answer.
        text_only_since: null,
        text_edited_slugs: null,
        site_json: siteJson,
        theme_css: themeCss,
        updated_at: now,
      }))
      .where('id', '=', 1)
      .execute();
  }
}
