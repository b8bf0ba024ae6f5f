import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { WindowCount } from './rate-limit.repository.js';

/** Counts one attempt of a key, in windows of `timeWindow` ms. */
export type CountAttempt = (key: string, timeWindow: number) => Promise<WindowCount>;

type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * What sets a route's counts apart from another route's with the same key: its method and URL;
 * nothing for a limit shared by several routes (`app.rateLimit()`), whose keys name their kind.
 */
function routeScope(routeOptions: RouteOptions): string {
  // The plugin passes the route's options merged into `routeInfo` (its types leave it out).
  const { routeInfo } = routeOptions as { routeInfo?: { method?: unknown; url?: string } };
  return routeInfo?.url ? `${String(routeInfo.method)} ${routeInfo.url} ` : '';
}

/** A @fastify/rate-limit store class whose counts `count` keeps, apart per route. */
export function countingStore(count: CountAttempt): FastifyRateLimitStoreCtor {
  class CountingStore implements FastifyRateLimitStore {
    /** The plugin constructs the store with its options (unused); children are per route. */
    constructor(
      _options?: unknown,
      private readonly scope = '',
    ) {}

    incr(
      key: string,
      callback: Parameters<FastifyRateLimitStore['incr']>[1],
      timeWindow: number,
    ): void {
      void count(`${this.scope}${key}`, timeWindow).then((counted) => callback(null, counted));
    }

    child(routeOptions: RouteOptions): CountingStore {
      return new CountingStore(undefined, routeScope(routeOptions));
    }
  }
  return CountingStore;
}
