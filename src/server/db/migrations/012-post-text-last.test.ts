import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manyPosts, writeContent } from '../../../../test/helpers/content-fixture.js';
import { createTestStore, type TestStore } from '../../../../test/helpers/stores.js';
import { importContent } from '../../content/import.service.js';
import { postTextLast } from './012-post-text-last.js';

/** Every row of a table, by id, as the store returns it. */
async function rowsOf(t: TestStore, table: string): Promise<unknown[]> {
  const { rows } = await sql`SELECT * FROM ${sql.table(table)} ORDER BY id`.execute(t.store.db);
  return rows;
}

describe('migration 012: the posts table with its long text last (SQLite)', () => {
  let t: TestStore;
  const snapshot: Record<string, unknown[]> = {};
  beforeAll(async () => {
    t = await createTestStore('sqlite');
    const posts = manyPosts(30, 'news').map((post, i) => ({
      ...post,
      tags: [`tag-${i % 4}`, 'shared'],
    }));
    const dir = writeContent({ posts });
    await importContent(t.store, {
      contentDir: dir,
      imagesDir: mkdtempSync(join(tmpdir(), 'pf-012-images-')),
    });
    // A deleted last post: its id must stay unused.
    await sql`DELETE FROM posts WHERE id = (SELECT max(id) FROM posts)`.execute(t.store.db);
    for (const table of ['posts', 'post_tags', 'categories', 'tags'])
      snapshot[table] = await rowsOf(t, table);
    // Applied once more on the migrated store: the same steps on the same table.
    await postTextLast('sqlite').up(t.store.db as Kysely<unknown>);
  });
  afterAll(() => t?.drop());

  it('keeps every row of the posts and of the tables that refer to them', async () => {
    expect(snapshot.post_tags!.length).toBeGreaterThan(30);
    for (const table of ['posts', 'post_tags', 'categories', 'tags'])
      expect(await rowsOf(t, table), table).toEqual(snapshot[table]);
  });

  it('orders the columns short first and the long text last', async () => {
    const { rows } = await sql<{ name: string }>`SELECT name FROM pragma_table_info('posts')
      ORDER BY cid`.execute(t.store.db);
    expect(rows.map((r) => r.name).slice(-3)).toEqual(['toc_json', 'content_html', 'body_text']);
  });

  it('keeps its indexes, search triggers, id sequence and foreign keys', async () => {
    const { rows: schema } = await sql<{ name: string }>`SELECT name FROM sqlite_master
      WHERE tbl_name = 'posts' AND type IN ('index', 'trigger') ORDER BY name`.execute(t.store.db);
    expect(schema.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'posts_category_published_idx',
        'posts_fts_delete',
        'posts_fts_insert',
        'posts_fts_update',
        'posts_published_idx',
      ]),
    );
    const { rows: found } = await sql<{ n: number }>`SELECT count(*) AS n FROM posts_fts
      WHERE posts_fts MATCH 'paragraph'`.execute(t.store.db);
    expect(found[0]!.n).toBe(29);
    const { rows: seq } = await sql<{ seq: number }>`SELECT seq FROM sqlite_sequence
      WHERE name = 'posts'`.execute(t.store.db);
    expect(seq[0]!.seq).toBe(30);
    const { rows: fk } = await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(
      t.store.db,
    );
    expect(fk[0]!.foreign_keys).toBe(1);
  });
});
