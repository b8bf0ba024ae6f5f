import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manyPosts, writeContent } from '../../../../test/helpers/content-fixture.js';
import { createTestStore, type TestStore } from '../../../../test/helpers/stores.js';
import { importContent } from '../../content/import.service.js';
import { PostsRepository } from '../../posts/posts.repository.js';
import type { Database as Tables } from '../schema.js';

describe('migration 013: list pages read from covering indexes (SQLite)', () => {
  let t: TestStore;
  let raw: Database.Database;
  let repository: PostsRepository;
  /** The SQL each repository call ran, with its values, in order. */
  const ran: CompiledQuery[] = [];

  beforeAll(async () => {
    t = await createTestStore('sqlite');
    const posts = manyPosts(40, 'news').map((post, i) => ({ ...post, tags: [`tag-${i % 3}`] }));
    await importContent(t.store, {
      contentDir: writeContent({ posts }),
      imagesDir: mkdtempSync(join(tmpdir(), 'pf-013-images-')),
    });
    raw = new Database(t.url, { readonly: true });
    const db = new Kysely<Tables>({
      dialect: new SqliteDialect({ database: new Database(t.url, { readonly: true }) }),
      log: (event) => {
        if (event.level === 'query') ran.push(event.query);
      },
    });
    repository = new PostsRepository(db);
  });
  afterAll(async () => {
    raw?.close();
    await t?.drop();
  });

  /** SQLite's plan of a query the repository ran, one line per step. */
  function planOf(query: CompiledQuery): string {
    return raw
      .prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .all(...(query.parameters as unknown[]))
      .map((step) => (step as { detail: string }).detail)
      .join('\n');
  }
  const planOfLast = () => planOf(ran.at(-1)!);

  it('reads a page of cards, of all posts or of a category, without reading a post row', async () => {
    const { starts } = await repository.listPageStarts(12);
    const from = starts[1]!;
    const all = await repository.listCardsFrom({ from, limit: 12 });
    expect(all).toHaveLength(12);
    expect(all[0]).toMatchObject({ name: expect.any(String), summary: expect.any(String) });
    expect(planOfLast()).toMatch(/COVERING INDEX posts_published_idx/);
    const categoryId = all[0]!.category_id;
    await repository.listCardsFrom({ categoryId, from, limit: 12 });
    expect(planOfLast()).toMatch(/COVERING INDEX posts_category_published_idx/);
  });

  it("finds a post's neighbours in its category from the index alone", async () => {
    const [card] = await repository.listCardsFrom({
      from: (await repository.listPageStarts(12)).starts[1]!,
      limit: 1,
    });
    const post = { ...card!, category: { id: card!.category_id } };
    const { previous, next } = await repository.context.neighbours(post);
    expect(previous?.slug).toBeTruthy();
    expect(next?.slug).toBeTruthy();
    for (const plan of ran.slice(-2).map(planOf))
      expect(plan).toMatch(/COVERING INDEX posts_category_published_idx/);
  });

  it("reads the cards' tags in each post's order from the links' index alone", async () => {
    const tags = await repository.tags.ofPosts([1, 2, 3]);
    expect([...tags.keys()].sort()).toEqual([1, 2, 3]);
    const plan = planOfLast();
    expect(plan).toMatch(/COVERING INDEX post_tags_post_idx/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });
});
