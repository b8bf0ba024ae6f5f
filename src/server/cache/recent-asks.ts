/**
 * The keys asked for lately, so that a cache stores an answer only when its URL is asked for a
 * second time. A URL asked for once (a crawler walking every post, a link followed by one reader)
 * then never displaces answers readers keep asking for, and cold traffic allocates no long-lived
 * entry per request: storing every cold answer made a cold post view cost ≈ 25 % more CPU in old
 * generation garbage collection (docs/performance.md, "Response cache").
 *
 * Two generations of `capacity` keys: when the newer fills it becomes the older and the older is
 * forgotten, so at most `2 × capacity` keys are held and a key is remembered for at least
 * `capacity` other asks.
 */
export class RecentAsks {
  private newer = new Set<string>();
  private older = new Set<string>();

  constructor(private readonly capacity: number) {}

  /** Whether `key` was asked for lately; this ask is remembered either way. */
  askedBefore(key: string): boolean {
    if (this.newer.has(key)) return true;
    const before = this.older.has(key);
    this.newer.add(key);
    if (this.newer.size >= this.capacity) {
      this.older = this.newer;
      this.newer = new Set();
    }
    return before;
  }
}
