import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withStatementCache } from './statement-cache.js';

describe('withStatementCache', () => {
  let raw: BetterSqlite3.Database;
  let prepare: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    raw = new BetterSqlite3(':memory:');
    raw.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)');
    raw.exec("INSERT INTO t (name) VALUES ('a'), ('b'), ('c')");
    prepare = vi.spyOn(raw, 'prepare');
  });
  afterEach(() => raw.close());

  it('prepares a SQL text once and reuses it with new parameters', async () => {
    const db = new Kysely<{ t: { id: number; name: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(raw) }),
    });
    const nameOf = async (id: number) =>
      (await db.selectFrom('t').select('name').where('id', '=', id).executeTakeFirst())?.name;
    expect([await nameOf(1), await nameOf(2), await nameOf(3), await nameOf(9)]).toEqual([
      'a',
      'b',
      'c',
      undefined,
    ]);
    expect(prepare).toHaveBeenCalledTimes(1);
    await db.insertInto('t').values({ id: 4, name: 'd' }).execute();
    expect(await nameOf(4)).toBe('d');
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it('drops the least recently used text past its size', () => {
    const cache = withStatementCache(raw, 2);
    const one = 'SELECT 1';
    const two = 'SELECT 2';
    const three = 'SELECT 3';
    const first = cache.prepare(one);
    cache.prepare(two);
    expect(cache.prepare(one)).toBe(first); // now `two` is the least recently used
    cache.prepare(three);
    expect(cache.prepare(one)).toBe(first);
    expect(prepare).toHaveBeenCalledTimes(3);
    cache.prepare(two); // dropped: prepared again
    expect(prepare).toHaveBeenCalledTimes(4);
  });

  it('gives a fresh statement while the cached one is still iterating', () => {
    const cache = withStatementCache(raw);
    const text = 'SELECT name FROM t ORDER BY id';
    const streaming = cache.prepare(text);
    const rows = streaming.iterate([]);
    expect((rows.next().value as { name: string }).name).toBe('a');
    // better-sqlite3 refuses to run a statement that is iterating ("busy executing a query").
    const meanwhile = cache.prepare(text);
    expect(meanwhile).not.toBe(streaming);
    expect(meanwhile.all([])).toHaveLength(3);
    expect([...rows].map((row) => (row as { name: string }).name)).toEqual(['b', 'c']);
    expect(cache.prepare(text)).toBe(streaming); // done iterating: the cached one again
  });
});
