import type { Command } from 'commander';
import type { StatsSummary } from '../shared/schemas/stats.js';
import type { Store } from '../server/db/connection.js';
import { useSite } from './site.js';
import { withStore } from './store.js';
import { UsageError } from './usage.js';

/** How many days `postfolio stats` shows unless told. */
const DEFAULT_DAYS = 30;
const MAX_DAYS = 3660;

interface StatsOptions {
  days?: string;
  json?: boolean;
}

/** `--days`: a whole number of days, today included. */
export function parseDays(text: string | undefined): number {
  if (text === undefined) return DEFAULT_DAYS;
  const days = Number(text);
  if (!/^\d{1,4}$/.test(text.trim()) || days < 1 || days > MAX_DAYS)
    throw new UsageError(
      `--days takes a whole number of days from 1 to ${MAX_DAYS}, not "${text}"`,
    );
  return days;
}

/** The summary of the store's counts of the `days` days up to now (the service loaded on first use). */
export async function readStats(
  store: Store,
  days: number,
  now = Date.now(),
): Promise<StatsSummary> {
  const { StatsService } = await import('../server/analytics/stats.service.js');
  return new StatsService(store.db).summary(days, now);
}

/** `postfolio stats [dir] [--days 30] [--json]`: what the site's readers did. */
export async function statsCommand(dir: string | undefined, options: StatsOptions): Promise<void> {
  const days = parseDays(options.days);
  const site = useSite(dir);
  if (!site.config.analytics.enabled)
    console.error('postfolio: ANALYTICS is off: nothing is counted now; these are the counts kept');
  const summary = await withStore(site, (store) => readStats(store, days));
  if (options.json) {
    console.log(JSON.stringify(summary, null, 2));
    return;
  }
  const { statsText } = await import('./stats-text.js');
  console.log(statsText(summary));
}

export function addStatsCommand(program: Command): void {
  program
    .command('stats')
    .summary("print what the site's readers did: views, visitors, referrers, searches, 404s")
    .description(
      'Prints the counts the server keeps of its answers (docs/analytics.md): views and visitors ' +
        'per day, the top pages, referrers, searches with and without results, missing pages, ' +
        'feeds, the employer gate and contact messages. No cookie, no script and no address is ' +
        'behind them.',
    )
    .usage('[dir] [--days 30] [--json]')
    .argument('[dir]', 'the site folder (default: CONTENT_DIR, else content)')
    .option('--days <n>', `how many days up to today (default ${DEFAULT_DAYS})`)
    .option('--json', 'print the summary as JSON')
    .action(statsCommand);
}
