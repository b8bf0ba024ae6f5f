import { isoNow, type Clock } from './clock.js';

/** A timer waits at most this long, then reads the store again: a backstop for lost changes. */
export const RECHECK_MS = 60_000;
/** After a failed read (the database away), the next attempt. */
const RETRY_MS = 1000;

export interface PublicationScheduleOptions {
  clock: Clock;
  /** The date of the next post to become visible after `now`, from the store. */
  nextPublication: (now: string) => Promise<string | undefined>;
  /** Drops everything computed from what was visible: caches, memos, page starts. */
  publish: () => void;
  recheckMs?: number;
}

/**
 * Makes a post dated in the future appear on time in this process, without an import or a
 * message from another process: after each content change (and every `recheckMs`) it reads the
 * next publication time from the store and sets a timer for it; when the clock reaches it, the
 * process drops what it derived from the visible posts. Every worker and every instance on a
 * shared store does the same by itself, so all of them publish at once.
 */
export class PublicationSchedule {
  private timer: NodeJS.Timeout | undefined;
  private nextAt: number | undefined;
  private stopped = true;
  /** Bumped by every read, so that an older read finishing late cannot arm a timer. */
  private reads = 0;
  private newestRead: Promise<void> = Promise.resolve();

  constructor(private readonly options: PublicationScheduleOptions) {}

  /** When the next scheduled post becomes visible (ms since the epoch), if one is. */
  get next(): number | undefined {
    return this.nextAt;
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.refresh();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /**
   * Reads the next publication time from the store and sets the timer for it. Resolves once the
   * newest read has set it: a read that a later one overtook waits for that one.
   */
  refresh(): Promise<void> {
    const read = ++this.reads;
    const done = this.readNext(read);
    this.newestRead = done;
    return done;
  }

  private async readNext(read: number): Promise<void> {
    let delay: number;
    try {
      const next = await this.options.nextPublication(isoNow(this.options.clock));
      if (read !== this.reads) return this.newestRead;
      this.nextAt = next === undefined ? undefined : Date.parse(next);
      delay = this.delay();
    } catch {
      if (read !== this.reads) return this.newestRead;
      delay = RETRY_MS;
    }
    this.arm(delay);
  }

  /**
   * Publishes when the clock has reached the next publication time, then reads the one after.
   * The timer calls it; tests that move an injected clock call it themselves.
   */
  async check(): Promise<void> {
    if (this.nextAt !== undefined && this.options.clock.now() >= this.nextAt) {
      this.nextAt = undefined;
      this.options.publish();
    }
    await this.refresh();
  }

  private delay(): number {
    const recheck = this.options.recheckMs ?? RECHECK_MS;
    if (this.nextAt === undefined) return recheck;
    // Timers may fire a millisecond early; check() then waits again for the rest.
    return Math.min(recheck, Math.max(1, this.nextAt - this.options.clock.now()));
  }

  private arm(delay: number): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.check(), delay);
    this.timer.unref();
  }
}
