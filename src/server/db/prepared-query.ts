import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/** Stands for the argument at `index` while a prepared query is compiled. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A read query built and compiled once, then run with new values. Kysely builds and compiles a
 * query on every call (≈ 25 µs on SQLite, as long as the indexed lookup it runs), and the hot read
 * paths run the same few queries with new values. `build` must use its arguments as values only
 * (placeholders stand for them while it compiles): a query whose shape depends on an argument
 * needs one prepared query per shape.
 */
export function preparedQuery<DB, Args extends unknown[], Row>(
  db: Kysely<DB>,
  build: (...args: Args) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  let compiled: { query: CompiledQuery<Row>; argumentAt: Array<number | undefined> } | undefined;
  return async (...args) => {
    if (!compiled) {
      const query = build(...(args.map((_, index) => new Slot(index)) as Args)).compile();
      const argumentAt = query.parameters.map((p) => (p instanceof Slot ? p.index : undefined));
      compiled = { query, argumentAt };
    }
    const { query, argumentAt } = compiled;
    const parameters = query.parameters.map((value, i) => {
      const at = argumentAt[i];
      return at === undefined ? value : args[at];
    });
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}

/**
 * One prepared query per value of a number that shapes the query, made on first use: the length
 * of an `IN` list, or a LIMIT, which SQLite's store writes into the SQL (db/literal-limits.ts)
 * since SQLite plans a statement again on every run whose LIMIT is bound. Callers pass a few
 * distinct values.
 */
export function perShape<Query>(prepare: (shape: number) => Query): (shape: number) => Query {
  const byShape = new Map<number, Query>();
  return (shape) => {
    let query = byShape.get(shape);
    if (!query) {
      query = prepare(shape);
      byShape.set(shape, query);
    }
    return query;
  };
}
