import type { Store } from '../../src/server/db/connection.js';

export interface ContentDump {
  categories: unknown[];
  posts: Array<{ slug: string } & Record<string, unknown>>;
  content_state: unknown[];
}

/** Every row of the content tables, in a stable order: compare two dumps to prove nothing moved. */
export async function dumpContent(store: Store): Promise<ContentDump> {
  const { db } = store;
  return {
    categories: await db.selectFrom('categories').selectAll().orderBy('id').execute(),
    posts: await db.selectFrom('posts').selectAll().orderBy('id').execute(),
    content_state: await db.selectFrom('content_state').selectAll().orderBy('id').execute(),
  };
}

/** Every contact message, by id. */
export async function dumpMessages(store: Store) {
  return store.db.selectFrom('contact_messages').selectAll().orderBy('id').execute();
}

/** content_state.version as a number (PostgreSQL may hand back a string for bigint). */
export async function contentVersion(store: Store): Promise<number> {
  const row = await store.db
    .selectFrom('content_state')
    .select('version')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.version);
}
