import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { objectRows } from './row-objects.js';

describe('objectRows', () => {
  let db: BetterSqlite3.Database;

  beforeEach(() => {
    db = new BetterSqlite3(':memory:');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, score REAL, data BLOB)');
    db.exec("INSERT INTO t (name, score, data) VALUES ('a', 1.5, x'00ff'), (NULL, NULL, NULL)");
  });
  afterEach(() => db.close());

  const both = (sql: string, parameters: unknown[] = []) => ({
    made: objectRows(db.prepare(sql)).all(parameters),
    plain: db.prepare(sql).all(parameters),
  });

  it('makes the same rows as better-sqlite3, values of every type and NULLs included', () => {
    const { made, plain } = both('SELECT id, name, score, data FROM t ORDER BY id');
    expect(made).toEqual(plain);
    expect(made[0]).toEqual({ id: 1, name: 'a', score: 1.5, data: Buffer.from([0, 255]) });
    expect(Object.keys(made[1] as object)).toEqual(['id', 'name', 'score', 'data']);
  });

  it('keeps a repeated name once, with the later column, as better-sqlite3 does', () => {
    const { made, plain } = both('SELECT 1 AS x, 2 AS x, name FROM t WHERE id = ?', [1]);
    expect(made).toEqual(plain);
    expect(made).toEqual([{ x: 2, name: 'a' }]);
  });

  it('takes any column name as a key, never as code', () => {
    const sql = `SELECT 1 AS "a"", b: process.exit(1), ""c", 2 AS "new\nline", 3 AS "__proto__"`;
    const { made, plain } = both(sql);
    expect(made).toEqual(plain);
    expect(Object.getPrototypeOf(made[0])).toBe(Object.prototype);
    const quoted = both('SELECT 4 AS "}; throw 1; ({", 5 AS "\\"');
    expect(quoted.made).toEqual([{ '}; throw 1; ({': 4, '\\': 5 }]);
  });

  it('iterates rows as objects and runs writes', () => {
    const insert = objectRows(db.prepare('INSERT INTO t (name) VALUES (?)'));
    expect(insert.reader).toBe(false);
    expect(insert.run(['c']).changes).toBe(1);
    const names = objectRows(db.prepare('SELECT name FROM t WHERE name IS NOT NULL ORDER BY id'));
    expect([...names.iterate([])]).toEqual([{ name: 'a' }, { name: 'c' }]);
  });
});
