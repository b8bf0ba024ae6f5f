import type { ServerConfig } from '../config.js';
import type { Clock } from '../schedule/clock.js';
import { API_ENTRIES, PAGE_ENTRIES } from './byte-budget.js';
import { ResponseCache } from './response-cache.js';
import { CacheLifetime } from './scheduled-lifetime.js';

/** The server's response caches and the lifetimes their answers are sent with. */
export interface ServerCaches {
  /** Serialized responses of /api/ URLs. */
  responses: ResponseCache;
  /** Every other cached URL: rendered pages, feeds and the sitemap. */
  pages: ResponseCache;
  /** The public Cache-Control of this moment (scheduled-lifetime.ts). */
  lifetime: CacheLifetime;
}

/**
 * Builds the caches of one server: each bounded by its entries (byte-budget.ts) and the
 * operator's bytes, storing an answer from its second ask (recent-asks.ts); lifetimes cut short
 * before `nextPublication`, the next scheduled post's time.
 */
export function createCaches(
  config: Pick<ServerConfig, 'cachePolicy' | 'cacheBytes'>,
  nextPublication: () => number | undefined,
  clock: Clock,
): ServerCaches {
  return {
    responses: new ResponseCache(API_ENTRIES, config.cacheBytes.api, 'second-ask'),
    pages: new ResponseCache(PAGE_ENTRIES, config.cacheBytes.pages, 'second-ask'),
    lifetime: new CacheLifetime(config.cachePolicy, nextPublication, clock),
  };
}
