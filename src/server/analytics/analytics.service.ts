import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { CachedResponse } from '../cache/response-cache.js';
import { trustOf, type Trust } from '../http/client-address.js';
import type { ServerConfig } from '../config.js';
import type { Clock } from '../schedule/clock.js';
import type { AnalyticsConfig } from './analytics-config.js';
import { AnalyticsRepository, type HourVisitors } from './analytics.repository.js';
import type { Batch } from './batch.js';
import { Counter, type Event } from './counter.js';
import type { Database } from '../db/schema.js';
import type { Kysely } from 'kysely';
import { dayOf, dayOfPeriod } from './periods.js';
import { Salts } from './salts.js';
import { keepUp, VISITORS_GRACE_MS } from './upkeep.js';
import { DashboardLinks } from './dashboard-links.js';
import { StatsService } from './stats.service.js';
import type { StatsSummary } from '../../shared/schemas/stats.js';

/** How often each process folds and deletes old counts (upkeep.ts). */
export const UPKEEP_MS = 10 * 60_000;

/**
 * The analytics of one process: counts in memory (counter.ts), written to the store as one batch
 * every ANALYTICS_FLUSH_SECONDS, at once when a batch reaches its bounds, and on `stop()` (the
 * drain at SIGTERM). A write that fails keeps its batch for the next one, so a store away for a
 * while loses nothing; a crash loses at most the batch in memory. Every process writes its own
 * batches: counts add up in the store, visitors are told apart there (analytics.repository.ts).
 */
export class Analytics {
  readonly counter: Counter;
  /** The private dashboard's signed links. */
  readonly links: DashboardLinks;
  private readonly stats: StatsService;
  private readonly repository: AnalyticsRepository;
  private readonly salts: Salts;
  /** A batch whose write failed, written with the next. */
  private unwritten: Batch | undefined;
  private writing: Promise<void> = Promise.resolve();
  private flushTimer: NodeJS.Timeout | undefined;
  private upkeepTimer: NodeJS.Timeout | undefined;
  private soon = false;

  constructor(
    private readonly options: {
      db: Kysely<Database>;
      clock: Clock;
      config: AnalyticsConfig;
      trust: Trust | false;
      /** The secret of the dashboard's links: the preview links' (preview.service.ts). */
      secret: () => Promise<string>;
      log?: FastifyBaseLogger;
    },
  ) {
    this.links = new DashboardLinks(options.secret, options.clock);
    this.stats = new StatsService(options.db);
    this.repository = new AnalyticsRepository(options.db);
    this.salts = new Salts(this.repository);
    this.counter = new Counter(
      options.clock,
      options.trust,
      () => this.flushSoon(),
      options.config.beacon,
    );
  }

  /** Counts an answer made from a response-cache entry (counter.ts). */
  answered(req: IncomingMessage, entry: CachedResponse, url: string): void {
    this.counter.answered(req, entry, url);
  }

  /** Counts a view a page reported itself (ANALYTICS_BEACON). */
  beaconed(req: IncomingMessage, url: string, referrer: string | undefined): void {
    this.counter.beaconed(req, url, referrer);
  }

  /** Counts an employer-gate attempt or a contact message. */
  event(event: Event): void {
    this.counter.event(event);
  }

  /** The summary of the stored counts of the last `days` days (stats.service.ts). */
  summary(days: number): Promise<StatsSummary> {
    return this.stats.summary(days, this.options.clock.now());
  }

  /** Starts writing batches and keeping the store's counts small. */
  start(): void {
    this.flushTimer = setInterval(() => void this.flush(), this.options.config.flushMs);
    this.flushTimer.unref();
    this.upkeepTimer = setInterval(() => void this.keepUp(), UPKEEP_MS);
    this.upkeepTimer.unref();
    void this.keepUp();
  }

  /** Stops the timers and writes what is counted: nothing counted before is lost. */
  async stop(): Promise<void> {
    clearInterval(this.flushTimer);
    clearInterval(this.upkeepTimer);
    await this.flush();
  }

  /** Writes the counts made so far; resolves once they (and any write before) are stored or kept. */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.writeBatch());
    return this.writing;
  }

  /** Folds and deletes what its time has come for; a failure waits for the next round. */
  async keepUp(): Promise<void> {
    try {
      await keepUp(this.repository, this.salts, this.options.config, this.options.clock.now());
    } catch (error) {
      this.options.log?.warn({ err: error }, 'analytics: old counts could not be folded now');
    }
  }

  private flushSoon(): void {
    if (this.soon) return;
    this.soon = true;
    setImmediate(() => {
      this.soon = false;
      void this.flush();
    });
  }

  private async writeBatch(): Promise<void> {
    const batch = this.counter.take();
    if (this.unwritten) {
      this.unwritten.merge(batch);
      return this.writeKept(this.unwritten);
    }
    if (batch.empty) return;
    return this.writeKept(batch);
  }

  private async writeKept(batch: Batch): Promise<void> {
    try {
      await this.repository.write(batch.rows(), await this.visitorsOf(batch));
      this.unwritten = undefined;
    } catch (error) {
      this.unwritten = batch;
      this.options.log?.warn({ err: error }, 'analytics: counts kept in memory for the next write');
    }
  }

  /**
   * The batch's visitors as their day's hashes. Those of a day whose hashes are deleted already
   * (a batch kept while the store was away past it) are left out: they could no longer be told
   * from the day's others.
   */
  private async visitorsOf(batch: Batch): Promise<HourVisitors[]> {
    const hours: HourVisitors[] = [];
    const openDay = dayOf(this.options.clock.now() - VISITORS_GRACE_MS);
    for (const { hour, paths } of batch.visitorsByHour()) {
      if (dayOfPeriod(hour) < openDay) continue;
      const hashOf = await this.salts.hasher(dayOfPeriod(hour));
      const marks: HourVisitors['marks'] = [];
      for (const [path, pairs] of paths)
        for (const pair of pairs) marks.push({ path, visitor: hashOf(pair) });
      hours.push({ hour, marks });
    }
    return hours;
  }
}

/** The analytics of a server with this configuration; none with ANALYTICS=off. */
export function createAnalytics(
  config: Pick<ServerConfig, 'analytics' | 'trustProxy'>,
  services: {
    db: Kysely<Database>;
    clock: Clock;
    secret: () => Promise<string>;
    log?: FastifyBaseLogger;
  },
): Analytics | undefined {
  if (!config.analytics.enabled) return undefined;
  return new Analytics({
    ...services,
    config: config.analytics,
    trust: trustOf(config.trustProxy),
  });
}
