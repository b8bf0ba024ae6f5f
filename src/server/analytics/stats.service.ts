import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { StatsNamed, StatsSummary } from '../../shared/schemas/stats.js';
import { AnalyticsRepository, type SummedRow } from './analytics.repository.js';
import { KIND } from './count-kinds.js';
import { addDays, dayOf, hourOf, periodEnd } from './periods.js';

/** Hours of the last two days, which keep their hourly rows whatever ANALYTICS_HOURLY_DAYS says. */
const RECENT_HOURS = 48;

/** Adds `count` to `key`'s sum. */
function add(sums: Map<string, number>, key: string, count: number): void {
  sums.set(key, (sums.get(key) ?? 0) + count);
}

/** Named counts, largest first (then by name, so that the order is the same on every run). */
function ranked(sums: Map<string, number>): StatsNamed[] {
  return [...sums]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

const sumOf = (rows: readonly SummedRow[]) => rows.reduce((sum, row) => sum + row.count, 0);

/** The rows of each kind. */
function byKind(rows: readonly SummedRow[]): Map<string, SummedRow[]> {
  const kinds = new Map<string, SummedRow[]>();
  for (const row of rows) {
    const same = kinds.get(row.kind) ?? [];
    same.push(row);
    kinds.set(row.kind, same);
  }
  return kinds;
}

function sumsBy(rows: readonly SummedRow[], key: (row: SummedRow) => string): Map<string, number> {
  const sums = new Map<string, number>();
  for (const row of rows) add(sums, key(row), row.count);
  return sums;
}

/** Views and visitors per period: each day of the range (a month folded together as one). */
function perPeriod(rows: readonly SummedRow[], from: string, to: string) {
  const periods = new Map<string, { views: number; visitors: number }>();
  for (let day = from; day <= to; day = addDays(day, 1))
    periods.set(day, { views: 0, visitors: 0 });
  for (const row of rows) {
    // The site's own rows: its views and visitors, by the hour or folded into the day.
    if (row.path !== '' || (row.kind !== KIND.view && row.kind !== KIND.visitors)) continue;
    const isView = row.kind === KIND.view;
    const period = periods.get(row.period) ?? { views: 0, visitors: 0 };
    if (isView) period.views += row.count;
    else period.visitors += row.count;
    periods.set(row.period, period);
  }
  return [...periods].sort(([a], [b]) => (a < b ? -1 : 1));
}

function pages(views: readonly SummedRow[], visitors: readonly SummedRow[]) {
  const byPath = new Map<string, { views: number; visitors: number }>();
  const of = (path: string) => {
    let page = byPath.get(path);
    if (!page) byPath.set(path, (page = { views: 0, visitors: 0 }));
    return page;
  };
  for (const row of views) if (row.path !== '') of(row.path).views += row.count;
  for (const row of visitors) if (row.path !== '') of(row.path).visitors += row.count;
  return [...byPath]
    .map(([path, counts]) => ({ path, ...counts }))
    .sort((a, b) => b.views - a.views || (a.path < b.path ? -1 : 1));
}

function searches(rows: readonly SummedRow[]) {
  const byWords = new Map<string, { count: number; found: number }>();
  for (const row of rows) {
    const held = byWords.get(row.value) ?? { count: 0, found: 0 };
    held.count += row.count;
    held.found = Math.max(held.found, row.peak);
    byWords.set(row.value, held);
  }
  return [...byWords]
    .map(([words, { count, found }]) => ({ words, count, found }))
    .sort((a, b) => b.count - a.count || (a.words < b.words ? -1 : 1));
}

function missing(rows: readonly SummedRow[]) {
  const byPath = new Map<string, SummedRow[]>();
  for (const row of rows) byPath.set(row.path, [...(byPath.get(row.path) ?? []), row]);
  return [...byPath]
    .map(([path, same]) => ({
      path,
      count: sumOf(same),
      referrers: ranked(
        sumsBy(
          same.filter((row) => row.value !== ''),
          (row) => row.value,
        ),
      ),
    }))
    .sort((a, b) => b.count - a.count || (a.path < b.path ? -1 : 1));
}

function feeds(rows: readonly SummedRow[]) {
  const byPath = new Map<string, SummedRow[]>();
  for (const row of rows) byPath.set(row.path, [...(byPath.get(row.path) ?? []), row]);
  return [...byPath]
    .map(([path, same]) => {
      const readers = new Map<string, number>();
      for (const row of same)
        if (row.value !== '')
          readers.set(row.value, Math.max(readers.get(row.value) ?? 0, row.peak));
      const list = [...readers]
        .map(([name, subscribers]) => ({ name, subscribers }))
        .sort((a, b) => b.subscribers - a.subscribers || (a.name < b.name ? -1 : 1));
      return {
        path,
        fetches: sumOf(same),
        subscribers: list.reduce((sum, reader) => sum + reader.subscribers, 0),
        readers: list,
      };
    })
    .sort((a, b) => b.fetches - a.fetches || (a.path < b.path ? -1 : 1));
}

/** The summaries of the counts: `postfolio stats` and the dashboard read them. */
export class StatsService {
  private readonly repository: AnalyticsRepository;

  constructor(db: Kysely<Database>) {
    this.repository = new AnalyticsRepository(db);
  }

  /** The counts of the `days` days up to the one of `now` (UTC), today included. */
  async summary(days: number, now: number): Promise<StatsSummary> {
    const to = dayOf(now);
    const from = addDays(to, -(days - 1));
    const rows = await this.repository.counts(from, periodEnd(to), 10);
    const recent = await this.repository.counts(
      hourOf(now - (RECENT_HOURS - 1) * 3_600_000),
      periodEnd(hourOf(now)),
      13,
      [KIND.view, KIND.visitors],
    );
    const kinds = byKind(rows);
    const of = (kind: string) => kinds.get(kind) ?? [];
    const gate = sumsBy(of(KIND.gate), (row) => row.value);
    const found = searches(of(KIND.search));
    return {
      from,
      to,
      totals: {
        views: sumOf(of(KIND.view).filter((row) => row.path === '')),
        visitors: sumOf(of(KIND.visitors).filter((row) => row.path === '')),
        untracked: sumOf(of(KIND.untracked)),
        bots: sumOf(of(KIND.bot)),
      },
      days: perPeriod(rows, from, to).map(([day, counts]) => ({ day, ...counts })),
      hours: hourly(recent, now),
      pages: pages(of(KIND.view), of(KIND.visitors)),
      referrers: ranked(sumsBy(of(KIND.referrer), (row) => row.value)),
      sources: ranked(sumsBy(of(KIND.utm), (row) => row.value)),
      devices: ranked(sumsBy(of(KIND.device), (row) => row.value)),
      searches: found.filter((search) => search.found > 0),
      unfound: found.filter((search) => search.found === 0),
      missing: missing(of(KIND.missing)),
      feeds: feeds(of(KIND.feed)),
      bots: ranked(sumsBy(of(KIND.bot), (row) => row.value)),
      gate: { attempts: gate.get('attempt') ?? 0, unlocks: gate.get('unlock') ?? 0 },
      contact: { messages: sumOf(of(KIND.contact)) },
    };
  }
}

/** Views and visitors of each of the last RECENT_HOURS hours, the empty ones too. */
function hourly(rows: readonly SummedRow[], now: number) {
  const hours = new Map<string, { views: number; visitors: number }>();
  for (let back = RECENT_HOURS - 1; back >= 0; back--)
    hours.set(hourOf(now - back * 3_600_000), { views: 0, visitors: 0 });
  for (const row of rows) {
    const hour = hours.get(row.period);
    if (!hour) continue;
    if (row.path !== '') continue;
    if (row.kind === KIND.view) hour.views += row.count;
    else hour.visitors += row.count;
  }
  return [...hours].map(([hour, counts]) => ({ hour, ...counts }));
}
