/** When a queue of requests counts as standing (CoDel's rule), and what the shedder does then. */
export interface StandingQueueConfig {
  /** The queue stands once every request started over `intervalMs` waited at least this (ms). */
  targetMs: number;
  intervalMs: number;
  /** While it stands, the newest waiting requests are started first. */
  newestFirst: boolean;
}

/**
 * Tells a standing queue from a burst, by CoDel's rule (Nichols and Jacobson, 2012): the queue
 * stands once the shortest wait seen over a whole interval is above the target. A burst that
 * drains within the interval lets some request start with a short wait, and is never shed; a
 * queue that stays long makes every wait long. It stands until a whole interval passes with no
 * request late: while it is shed, the waits the shedder lets through are short by design (newest
 * first, the late refused), so they cannot tell that the load is gone; refusals can.
 */
export class StandingQueue {
  /** Since when every wait seen was at or above the target; -1: the last one was below. */
  private aboveSince = -1;
  private isStanding = false;
  /** When a request was last found late (refused) while the queue stood. */
  private lateAt = 0;

  constructor(private readonly config: StandingQueueConfig) {}

  get standing(): boolean {
    return this.isStanding;
  }

  /**
   * A wait seen at `now`: a request's, as it starts, or the oldest waiting one's so far (a lower
   * bound of its wait, so that a queue where nothing starts still comes to stand).
   */
  seen(waitMs: number, now: number): void {
    if (this.isStanding) {
      if (now - this.lateAt < this.config.intervalMs) return;
      this.isStanding = false;
      this.aboveSince = -1;
    }
    if (waitMs < this.config.targetMs) {
      this.aboveSince = -1;
      return;
    }
    if (this.aboveSince < 0) this.aboveSince = now;
    else if (now - this.aboveSince >= this.config.intervalMs) {
      this.isStanding = true;
      this.lateAt = now;
    }
  }

  /** A request was refused as late at `now`. */
  late(now: number): void {
    this.lateAt = now;
  }

  /** The queue is empty: until it stands, whatever came was a burst. */
  drained(): void {
    if (!this.isStanding) this.aboveSince = -1;
  }
}
