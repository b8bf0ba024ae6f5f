import { sql, type Kysely, type Transaction } from 'kysely';
import { batches, ROWS_PER_INSERT } from '../db/batches.js';
import type { Database } from '../db/schema.js';
import { byKey, type CountRow } from './batch.js';
import type { Kind } from './count-kinds.js';
import type { Period } from './periods.js';

/** The visitors one hour of a batch saw, each as its day's hash, by path ('' for the site). */
export interface HourVisitors {
  hour: Period;
  marks: Array<{ path: string; visitor: string }>;
}

/** A period's row as the summaries read it: summed over what `substr` leaves of the period. */
export interface SummedRow {
  period: Period;
  kind: Kind;
  path: string;
  value: string;
  count: number;
  peak: number;
}

type Db = Kysely<Database> | Transaction<Database>;

/** Adds rows to their counts: sums add up, peaks keep the larger. Rows are in key order. */
async function addCounts(db: Db, rows: readonly CountRow[]): Promise<void> {
  for (const slice of batches(rows, ROWS_PER_INSERT))
    await db
      .insertInto('analytics_counts')
      .values(slice)
      .onConflict((conflict) =>
        conflict.columns(['period', 'kind', 'path', 'value']).doUpdateSet((eb) => ({
          count: eb('analytics_counts.count', '+', eb.ref('excluded.count')),
          peak: eb
            .case()
            .when(eb.ref('excluded.peak'), '>', eb.ref('analytics_counts.peak'))
            .then(eb.ref('excluded.peak'))
            .else(eb.ref('analytics_counts.peak'))
            .end(),
        })),
      )
      .execute();
}

/** The SQL of the analytics: batches written, salts, folds and the summaries' reads. */
export class AnalyticsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Writes one batch in one transaction: its counts, then per hour its visitors, of which only
   * those the day had not seen on a path yet (a row inserted, not one already there from another
   * batch, worker or instance) add to the visitors of the page's day (or the site's hour).
   */
  async write(counts: readonly CountRow[], visitors: readonly HourVisitors[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await addCounts(trx, counts);
      for (const { hour, marks } of visitors) {
        const day = hour.slice(0, 10);
        const firstSeen = new Map<string, number>();
        const rows = marks
          .map((mark) => ({ day, ...mark }))
          .sort((a, b) =>
            a.path === b.path ? (a.visitor < b.visitor ? -1 : 1) : a.path < b.path ? -1 : 1,
          );
        for (const slice of batches(rows, ROWS_PER_INSERT)) {
          const inserted = await trx
            .insertInto('analytics_visitors')
            .values(slice)
            .onConflict((conflict) => conflict.doNothing())
            .returning('path')
            .execute();
          for (const { path } of inserted) firstSeen.set(path, (firstSeen.get(path) ?? 0) + 1);
        }
        // The site's visitors by the hour, a page's by the day (counter.ts says why).
        const added: CountRow[] = [...firstSeen]
          .map(([path, count]): CountRow => ({
            period: path === '' ? hour : day,
            kind: 'visitors',
            path,
            value: '',
            count,
            peak: 0,
          }))
          .sort(byKey);
        await addCounts(trx, added);
      }
    });
  }

  /** The salt of `day`'s visitor hashes: the one stored, or `fresh`, stored first by whoever came first. */
  async salt(day: Period, fresh: string): Promise<string> {
    const stored = await this.storedSalt(day);
    if (stored !== undefined) return stored;
    await this.db
      .insertInto('analytics_salts')
      .values({ day, salt: fresh })
      .onConflict((conflict) => conflict.column('day').doNothing())
      .execute();
    const made = await this.storedSalt(day);
    if (made === undefined) throw new Error(`The analytics salt of ${day} could not be stored`);
    return made;
  }

  private async storedSalt(day: Period): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('analytics_salts')
      .select('salt')
      .where('day', '=', day)
      .executeTakeFirst();
    return row?.salt;
  }

  /** Deletes the visitor hashes and salts of the days before `day`. */
  async forgetVisitorsBefore(day: Period): Promise<void> {
    await this.db.deleteFrom('analytics_visitors').where('day', '<', day).execute();
    await this.db.deleteFrom('analytics_salts').where('day', '<', day).execute();
  }

  /**
   * The periods (`into` characters long: days or months) that have rows of `length` characters
   * (hours or days) before `before`: what a fold has to do.
   */
  async periodsToFold(length: 13 | 10, into: 10 | 7, before: Period): Promise<Period[]> {
    const rows = await this.db
      .selectFrom('analytics_counts')
      .select(sql<string>`substr(period, 1, ${sql.lit(into)})`.as('into'))
      .distinct()
      .where('period', '<', before)
      .where(sql<number>`length(period)`, '=', length)
      .execute();
    return rows.map((row) => row.into).sort();
  }

  /**
   * Folds the rows within `into` that are shorter-lived than it (a day's hours, a month's days;
   * with `compact`, the day's own rows too) into rows of `into`, as `reduce` makes them of the
   * rows taken, in one transaction. The rows are taken by deleting them: of two processes folding
   * the same period at once, each row is taken, and added, by one of them.
   */
  async fold(into: Period, end: Period, reduce: (rows: CountRow[]) => CountRow[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const taken = await trx
        .deleteFrom('analytics_counts')
        .where('period', '>=', into)
        .where('period', '<', end)
        .returning(['kind', 'path', 'value', 'count', 'peak'])
        .execute();
      const rows = taken.map((row) => ({
        period: into,
        kind: row.kind as Kind,
        path: row.path,
        value: row.value,
        count: Number(row.count),
        peak: Number(row.peak),
      }));
      await addCounts(trx, reduce(rows).sort(byKey));
      return taken.length;
    });
  }

  /** Deletes the counts of the days before `day` (and of the months before its month). */
  async deleteBefore(day: Period): Promise<number> {
    const result = await this.db
      .deleteFrom('analytics_counts')
      .where('period', '<', day)
      .where('period', '<>', day.slice(0, 7))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * The counts from `from` up to `to` (periods, `to` excluded), summed per period cut to `cut`
   * characters (10: days, 13: hours), kind, path and value. A month's row stays a month.
   */
  async counts(
    from: Period,
    to: Period,
    cut: 10 | 13,
    kinds?: readonly Kind[],
  ): Promise<SummedRow[]> {
    let query = this.db
      .selectFrom('analytics_counts')
      .select([
        sql<string>`substr(period, 1, ${sql.lit(cut)})`.as('period'),
        'kind',
        'path',
        'value',
        sql<number>`sum(count)`.as('count'),
        sql<number>`max(peak)`.as('peak'),
      ])
      .where('period', '>=', from)
      .where('period', '<', to);
    if (kinds) query = query.where('kind', 'in', kinds);
    const rows = await query.groupBy([sql`1`, 'kind', 'path', 'value']).execute();
    return rows.map((row) => ({
      period: row.period,
      kind: row.kind as Kind,
      path: row.path,
      value: row.value,
      count: Number(row.count),
      peak: Number(row.peak),
    }));
  }
}
