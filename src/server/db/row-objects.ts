import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteStatement } from 'kysely';

/** A SQLite statement as Kysely runs it, and the better-sqlite3 statement under it. */
export interface RowStatement extends SqliteStatement {
  readonly statement: BetterSqlite3.Statement;
}

type RowOf = (values: unknown[]) => Record<string, unknown>;

/**
 * Makes a row object from its values in column order: an object literal with the columns as keys,
 * compiled once per statement. better-sqlite3 builds each row with a property set per column
 * through V8's API, and a page of 12 cards of 9 columns spent ≈ 12 of its ≈ 36 µs in that alone
 * (in a loop at 100k posts: 35 against 24 µs); a literal is one allocation of a known shape.
 * The names are the statement's own columns, written as JSON string keys, never code.
 */
function rowMaker(names: readonly string[]): RowOf | undefined {
  // As a literal's key `__proto__` would set the prototype, not a column.
  if (names.includes('__proto__')) return undefined;
  const fields = names.map((name, i) => `${JSON.stringify(name)}: values[${i}]`);
  return new Function('values', `return { ${fields.join(', ')} };`) as RowOf;
}

/**
 * `statement` as Kysely's SQLite driver runs it, reading rows as arrays of values and making
 * each row's object with `rowMaker` (the same objects: a later column of a repeated name wins,
 * as in better-sqlite3's). Statements that return no rows are run as they are.
 */
export function objectRows(statement: BetterSqlite3.Statement): RowStatement {
  const make = statement.reader ? rowMaker(statement.columns().map((c) => c.name)) : undefined;
  if (!make) {
    return {
      statement,
      reader: statement.reader,
      all: (parameters) => statement.all(parameters),
      run: (parameters) => statement.run(parameters),
      iterate: (parameters) => statement.iterate(parameters),
    };
  }
  const rows = statement.raw(true);
  return {
    statement,
    reader: true,
    all: (parameters) => (rows.all(parameters) as unknown[][]).map(make),
    run: (parameters) => rows.run(parameters),
    *iterate(parameters) {
      for (const values of rows.iterate(parameters)) yield make(values as unknown[]);
    },
  };
}
