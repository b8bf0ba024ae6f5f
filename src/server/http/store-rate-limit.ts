import cluster from 'node:cluster';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { ClusterRateLimitStore, countInPrimary, WindowCounter } from './cluster-rate-limit.js';
import { countingStore } from './counting-store.js';
import { RateLimitRepository, type WindowCount } from './rate-limit.repository.js';

/** Past this, an attempt is decided by the instance's own count rather than wait for the store. */
export const STORE_BOUND_MS = 1000;
/** After a failure, how long attempts skip the store before one tries it again. */
export const STORE_RETRY_MS = 5000;
/**
 * How often an instance deletes the counts whose window has ended, so that a client's address
 * leaves the store within two minutes of its last attempt.
 */
export const SWEEP_EVERY_MS = 60_000;

/** Counts one attempt of a key in this instance alone (its process, or its primary's count). */
export type OwnCount = (key: string, timeWindow: number) => WindowCount | Promise<WindowCount>;

export interface SharedCountsOptions {
  repository: Pick<RateLimitRepository, 'incr' | 'sweep'>;
  own: OwnCount;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  now?: () => number;
  boundMs?: number;
  retryMs?: number;
}

class StoreTimeout extends Error {}

/** `promise`, or a StoreTimeout once `ms` have passed (the promise runs on, its end unheard). */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  promise.catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StoreTimeout(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * One count per client across every instance of a PostgreSQL store, with the instance's own
 * count beside it. Every attempt is counted in both and the larger count decides, so that while
 * the store fails (an error, or no answer within STORE_BOUND_MS) the limit holds per instance,
 * going on from what the instance saw rather than from zero, and neither refuses everyone nor
 * lets everyone through. The failure is logged once, and the return of the store once.
 */
export class SharedCounts {
  private failing = false;
  private retryAt = 0;
  private sweeper: NodeJS.Timeout | undefined;
  private readonly now: () => number;

  constructor(private readonly options: SharedCountsOptions) {
    this.now = options.now ?? Date.now;
  }

  async incr(key: string, timeWindow: number): Promise<WindowCount> {
    const [own, shared] = await Promise.all([
      this.options.own(key, timeWindow),
      this.sharedCount(key, timeWindow),
    ]);
    return shared && shared.current >= own.current ? shared : own;
  }

  private async sharedCount(key: string, timeWindow: number): Promise<WindowCount | undefined> {
    if (this.now() < this.retryAt) return undefined;
    const { repository, log } = this.options;
    try {
      const count = await within(
        repository.incr(key, timeWindow),
        this.options.boundMs ?? STORE_BOUND_MS,
      );
      if (this.failing) log.info('rate limits: the store answers again; counting across instances');
      this.failing = false;
      this.sweepFromNowOn();
      return count;
    } catch (error) {
      this.retryAt = this.now() + (this.options.retryMs ?? STORE_RETRY_MS);
      if (!this.failing)
        log.warn(
          { err: error },
          'rate limits: the store failed; each instance counts on its own until it answers',
        );
      this.failing = true;
      return undefined;
    }
  }

  /** Stops the sweeps (the app closes). */
  close(): void {
    clearInterval(this.sweeper);
  }

  /** Started by the first count the store made, so that an instance never asked sweeps never. */
  private sweepFromNowOn(): void {
    if (this.sweeper) return;
    // A sweep that fails leaves rows for the next one; the counts stay right without it.
    this.sweeper = setInterval(
      () => void this.options.repository.sweep().catch(() => {}),
      SWEEP_EVERY_MS,
    );
    this.sweeper.unref();
  }
}

/**
 * Where the rate limits count. On PostgreSQL: in the store, shared by every instance, with the
 * instance's own count (its primary's under `serve --workers`) for when the store fails. On
 * SQLite (one host): in the primary under `serve --workers`, else in the process (the plugin's
 * own store, `undefined` here). The sweeps of the shared counts stop when `app` closes.
 */
export function rateLimitStoreFor(app: FastifyInstance): FastifyRateLimitStoreCtor | undefined {
  const { store } = app.ctx;
  if (store.engine === 'postgres') {
    const counter = new WindowCounter();
    const own: OwnCount = cluster.isWorker
      ? countInPrimary
      : (key, timeWindow) => counter.incr(key, timeWindow);
    const repository = new RateLimitRepository(store.db);
    const counts = new SharedCounts({ repository, own, log: app.log });
    app.addHook('onClose', async () => counts.close());
    return countingStore((key, timeWindow) => counts.incr(key, timeWindow));
  }
  return cluster.isWorker ? ClusterRateLimitStore : undefined;
}
