import { publicCacheControl, publicCacheControlFor } from './cache-policy.js';
import type { CachePolicyConfig } from './cache-policy.js';
import type { Clock } from '../schedule/clock.js';

/**
 * The public Cache-Control of this moment: the usual one, or, when the next scheduled post goes
 * live sooner than a cache would keep an answer, one that expires at that moment. Read on every
 * cached answer, so the usual case is a comparison and the countdown is built once a second.
 */
export class CacheLifetime {
  private readonly usual: string;
  /** Seconds within which a publication shortens the lifetimes. */
  private readonly window: number;
  private shortened = { seconds: Number.NaN, value: '' };

  constructor(
    private readonly policy: CachePolicyConfig,
    private readonly nextPublication: () => number | undefined,
    private readonly clock: Clock,
  ) {
    this.usual = publicCacheControl(policy);
    this.window = Math.max(policy.maxAge, policy.sharedMaxAge);
  }

  get value(): string {
    const next = this.nextPublication();
    if (next === undefined) return this.usual;
    const seconds = Math.floor((next - this.clock.now()) / 1000);
    if (seconds >= this.window) return this.usual;
    if (this.shortened.seconds !== seconds)
      this.shortened = { seconds, value: publicCacheControlFor(this.policy, seconds) };
    return this.shortened.value;
  }
}
