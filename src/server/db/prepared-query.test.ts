import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { preparedQuery } from './prepared-query.js';

interface Tables {
  items: { id: number; kind: string; size: number };
}

describe('preparedQuery', () => {
  const sqlite = new SqliteDatabase(':memory:');
  sqlite.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, kind TEXT, size INTEGER)');
  const insert = sqlite.prepare('INSERT INTO items (kind, size) VALUES (?, ?)');
  for (let i = 1; i <= 20; i++) insert.run(i % 2 ? 'odd' : 'even', i);
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: sqlite }) });
  afterAll(() => db.destroy());

  it('builds once and runs with each call’s values, constants kept in place', async () => {
    let builds = 0;
    const query = preparedQuery(db, (kind: string, below: number, limit: number) => {
      builds += 1;
      return db
        .selectFrom('items')
        .select(['id', 'size'])
        .where('size', '>', 2)
        .where('kind', '=', kind)
        .where('size', '<', below)
        .orderBy('size', 'desc')
        .limit(limit);
    });
    expect((await query('odd', 10, 3)).map((r) => r.size)).toEqual([9, 7, 5]);
    expect((await query('even', 100, 2)).map((r) => r.size)).toEqual([20, 18]);
    expect((await query('none', 100, 5)).length).toBe(0);
    expect(builds).toBe(1);
  });

  it('runs concurrent calls with their own values', async () => {
    const bySize = preparedQuery(db, (size: number) =>
      db.selectFrom('items').select('size').where('size', '=', size),
    );
    const rows = await Promise.all([1, 2, 3, 4].map((size) => bySize(size)));
    expect(rows.map(([row]) => row?.size)).toEqual([1, 2, 3, 4]);
  });
});
