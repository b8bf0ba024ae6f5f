import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { LiteralLimitsPlugin } from './literal-limits.js';
import { perShape, preparedQuery } from './prepared-query.js';

interface Tables {
  items: { id: number; size: number };
}

describe('LiteralLimitsPlugin', () => {
  const sqlite = new SqliteDatabase(':memory:');
  sqlite.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, size INTEGER)');
  const insert = sqlite.prepare('INSERT INTO items (size) VALUES (?)');
  for (let i = 1; i <= 20; i++) insert.run(i);
  const db = new Kysely<Tables>({
    dialect: new SqliteDialect({ database: sqlite }),
    plugins: [new LiteralLimitsPlugin()],
  });
  afterAll(() => db.destroy());

  it('writes a whole-number LIMIT into the SQL and keeps OFFSET and other values bound', async () => {
    const query = db
      .selectFrom('items')
      .select('size')
      .where('size', '>', 4)
      .orderBy('size')
      .limit(3)
      .offset(2);
    const { sql, parameters } = query.compile();
    expect(sql).toMatch(/limit 3 offset \?$/);
    expect(parameters).toEqual([4, 2]);
    expect((await query.execute()).map((r) => r.size)).toEqual([7, 8, 9]);
  });

  it('leaves a limit that is not a whole number bound, for SQLite to judge', () => {
    const { sql, parameters } = db.selectFrom('items').select('size').limit(2.5).compile();
    expect(sql).toMatch(/limit \?$/);
    expect(parameters).toEqual([2.5]);
  });

  it('gives a prepared query one statement per limit, each with its limit in the SQL', async () => {
    const texts = new Set<string>();
    const recording = new Kysely<Tables>({
      dialect: new SqliteDialect({
        database: {
          close: () => sqlite.close(),
          prepare: (text: string) => {
            texts.add(text);
            return sqlite.prepare(text);
          },
        },
      }),
      plugins: [new LiteralLimitsPlugin()],
    });
    let builds = 0;
    const largest = perShape((limit) =>
      preparedQuery(recording, (below: number) => {
        builds += 1;
        return recording
          .selectFrom('items')
          .select('size')
          .where('size', '<', below)
          .orderBy('size', 'desc')
          .limit(limit);
      }),
    );
    expect((await largest(2)(10)).map((r) => r.size)).toEqual([9, 8]);
    expect((await largest(2)(5)).map((r) => r.size)).toEqual([4, 3]);
    expect((await largest(3)(5)).map((r) => r.size)).toEqual([4, 3, 2]);
    expect(builds).toBe(2);
    expect([...texts].map((text) => text.match(/limit (\S+)$/)?.[1]).sort()).toEqual(['2', '3']);
  });
});
