import type { Command } from 'commander';
import type { StatsSummary } from '../shared/schemas/stats.js';
import type { Store } from '../server/db/connection.js';
import { parseDuration } from '../server/preview/preview-token.js';
import { systemClock } from '../server/schedule/clock.js';
import { statsPath, withoutTrailingSlashes } from '../shared/paths.js';
import { useSite, type Site } from './site.js';
import { withStore } from './store.js';
import { UsageError } from './usage.js';

/** How many days `postfolio stats` shows unless told. */
const DEFAULT_DAYS = 30;
const MAX_DAYS = 3660;
/** How long a dashboard link works unless told: a week. */
const DEFAULT_LINK_MS = 7 * 86_400_000;

interface StatsOptions {
  days?: string;
  json?: boolean;
  link?: boolean;
  expires?: string;
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

/**
 * Prints a signed link to the private dashboard, working for `lifetime` ms: signed with the
 * preview links' secret, so that every server of the store opens it.
 */
async function printLink(site: Site, lifetime: number): Promise<void> {
  const [{ readContentState }, { PreviewRepository }, { PreviewService }, { DashboardLinks }] =
    await Promise.all([
      import('../server/content-state/content-state.js'),
      import('../server/preview/preview.repository.js'),
      import('../server/preview/preview.service.js'),
      import('../server/analytics/dashboard-links.js'),
    ]);
  await withStore(site, async (store) => {
    const { site: stored } = await readContentState(store.db);
    if (!stored)
      throw new UsageError(`${store.label} holds no content yet: run postfolio import first`);
    const previews = new PreviewService({
      repository: new PreviewRepository(store.db),
      clock: systemClock,
      secret: site.config.previewSecret,
    });
    const links = new DashboardLinks(() => previews.secret(), systemClock);
    const { token, expiresAt } = await links.sign(lifetime);
    const origin = withoutTrailingSlashes(site.config.publicUrl ?? stored.site.url);
    console.log(`${origin}${statsPath.dashboard(token)}`);
    console.error(
      `Anyone with the link can see the counts until ${new Date(expiresAt).toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    );
  });
}

/** `postfolio stats [dir] [--days 30] [--json] [--link [--expires 7d]]`: what readers did. */
export async function statsCommand(dir: string | undefined, options: StatsOptions): Promise<void> {
  const days = parseDays(options.days);
  const lifetime = options.expires === undefined ? DEFAULT_LINK_MS : parseDuration(options.expires);
  if (lifetime === undefined)
    throw new UsageError(
      `--expires takes a duration such as 7d, 12h or 30m (at most 366d), not "${options.expires}"`,
    );
  const site = useSite(dir);
  if (options.link) {
    if (!site.config.analytics.enabled)
      throw new UsageError('ANALYTICS is off: the servers have no dashboard to open');
    return printLink(site, lifetime);
  }
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
        'behind them. --link prints a signed link to the same as charts, private and expiring ' +
        '(7 days by default), signed like preview links.',
    )
    .usage('[dir] [--days 30] [--json] | [dir] --link [--expires 7d]')
    .argument('[dir]', 'the site folder (default: CONTENT_DIR, else content)')
    .option('--days <n>', `how many days up to today (default ${DEFAULT_DAYS})`)
    .option('--json', 'print the summary as JSON')
    .option('--link', 'print a private link, /stats/<token>, to the dashboard drawn by the server')
    .option('--expires <duration>', 'how long the link works: 45s, 30m, 12h or 7d (at most 366d)')
    .action(statsCommand);
}
