import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { HEALTH_ROUTES, IMAGES_PREFIX } from '../../../shared/paths.js';
import { StandingQueue, type StandingQueueConfig } from './standing-queue.js';

export interface OverloadConfig {
  /**
   * Once shedding, a request that has waited longer than this (ms) for the app is refused, and
   * while the oldest waiting one has, new ones are refused at once; 0: never.
   */
  maxDelayMs: number;
  /** Requests inside the app at once; more wait their turn. 0: no bound. */
  maxInFlight: number;
  /** When shedding starts: once the queue stands; absent, as soon as a request is late. */
  standing?: StandingQueueConfig;
}

/** Cheap, or needed to tell the server is alive: started at once, never refused. */
const NEVER_SHED = [HEALTH_ROUTES.live, HEALTH_ROUTES.ready, '/assets/', IMAGES_PREFIX];

/**
 * The app's work in one phase of the event loop before the rest waits for the next turn: at
 * least this, and as much as the loop spent on everything else (reading sockets, cached answers)
 * in the turn before, up to `MAX_SLICE_MS`.
 */
export const SLICE_MS = 5;
export const MAX_SLICE_MS = 20;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

interface Waiting {
  req: IncomingMessage;
  res: ServerResponse;
  at: number;
}

/**
 * Admits the requests that the caches cannot answer into the app, in order, or refuses them at
 * once (the front door answers a 503 with Retry-After).
 *
 * **Slices.** The app's work is synchronous in large part (SQLite queries, rendering), and Node
 * accepts one new connection per turn of its event loop (libuv ≥ 1.45). A turn that runs every
 * request read in it would, under load, take as long as all of them together, and connections
 * would wait in the kernel's accept queue for seconds (measured: 24 of 60 keep-alive clients
 * not accepted after 3 s). So a phase of the loop starts requests only until its slice of work
 * is done; the rest wait, in order, and are started one per `setImmediate` (microtasks, and so a
 * SQLite request's whole work, run between two of them) in the following turns. A slice is
 * `SLICE_MS`, or as long as the loop spent on everything else in the turn before (reading
 * sockets, cached answers) so that uncached work keeps half the time, up to `MAX_SLICE_MS`.
 *
 * **Shedding a standing queue.** A request's delay is the time from being read to being
 * started: the event loop's delay as that request sees it, plus its wait behind others. A burst
 * (a crawler's, say) makes a queue that drains; only a queue that stands (standing-queue.ts:
 * every wait over an interval above a target) is shed. Then a request that has waited more than
 * `maxDelayMs` is refused, new ones are refused at once while the oldest waiting one has, and,
 * with `newestFirst`, the newest waiting requests start first, so that those let through wait
 * little. Without `standing`, shedding starts as soon as the oldest waiting request is late. With
 * PostgreSQL the work waits on the pool, not on the loop; `maxInFlight` bounds the requests in
 * the app, and the rest wait in the same queue, under the same rule.
 */
export class LoadShedder {
  private readonly waiting: Waiting[] = [];
  private head = 0;
  private sliceStart = -1;
  /** The last time work was started or refused in the running slice. */
  private sliceSeen = 0;
  /** When the last slice ended, and the length of the next one. */
  private sliceEnded = 0;
  private budget = SLICE_MS;
  private inFlight = 0;
  /** Immediates scheduled to start a waiting request. */
  private pumps = 0;
  /** Refuses late waiting requests while no place frees up, or sees a queue come to stand. */
  private expiry: NodeJS.Timeout | undefined;
  private readonly expire = () => {
    this.expiry = undefined;
    const now = this.now();
    if (this.queued > 0) this.standingQueue?.seen(now - this.waiting[this.head]!.at, now);
    this.refuseLate(now);
    this.watchDelay();
  };
  private readonly endSlice = () => {
    const now = this.now();
    const spent = this.sliceSeen - this.sliceStart;
    const other = now - this.sliceEnded - spent;
    this.budget = Math.min(MAX_SLICE_MS, Math.max(SLICE_MS, other));
    this.sliceEnded = now;
    this.sliceStart = -1;
  };
  private readonly leave = () => {
    this.inFlight -= 1;
    if (this.queued > this.pumps) this.schedule();
  };
  private readonly pump = () => {
    this.pumps -= 1;
    this.startNext();
  };

  /** Both bounds 0: every request goes straight to the app, unsliced, as without a shedder. */
  private readonly off: boolean;
  private readonly standingQueue: StandingQueue | undefined;

  /** `now` is the clock of waits and slices (ms); tests pass their own. */
  constructor(
    private readonly config: OverloadConfig,
    private readonly start: Handler,
    private readonly refuse: Handler,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.off = config.maxDelayMs === 0 && config.maxInFlight === 0;
    if (config.standing) this.standingQueue = new StandingQueue(config.standing);
  }

  /** Requests the app is working on now. */
  get busy(): number {
    return this.inFlight;
  }

  /** Requests waiting for their turn. */
  get queued(): number {
    return this.waiting.length - this.head;
  }

  /** Whether late requests are refused now: always by the momentary rule, else once it stands. */
  get shedding(): boolean {
    return this.config.maxDelayMs > 0 && (this.standingQueue?.standing ?? true);
  }

  /** The work done in this phase of the loop so far (ms), starting its clock if none runs. */
  private sliceTime(now: number): number {
    this.sliceSeen = now;
    if (this.sliceStart < 0) {
      this.sliceStart = now;
      setImmediate(this.endSlice);
      return 0;
    }
    return now - this.sliceStart;
  }

  private hasPlace(): boolean {
    const { maxInFlight } = this.config;
    return maxInFlight === 0 || this.inFlight < maxInFlight;
  }

  private hasRoom(now: number): boolean {
    return this.hasPlace() && this.sliceTime(now) < this.budget;
  }

  private run(req: IncomingMessage, res: ServerResponse, waitedMs: number, now: number): void {
    this.standingQueue?.seen(waitedMs, now);
    this.inFlight += 1;
    res.once('close', this.leave);
    this.start(req, res);
  }

  private schedule(): void {
    this.pumps += 1;
    setImmediate(this.pump);
  }

  /** Starts `req` now, queues it for a later slice, or refuses it. */
  admit(req: IncomingMessage, res: ServerResponse): void {
    const url = req.url ?? '/';
    if (this.off || NEVER_SHED.some((prefix) => url.startsWith(prefix)))
      return this.start(req, res);
    const now = this.now();
    if (this.queued > 0) {
      const oldestWait = now - this.waiting[this.head]!.at;
      this.standingQueue?.seen(oldestWait, now);
      if (this.shedding && oldestWait > this.config.maxDelayMs) {
        this.standingQueue?.late(now);
        return this.refuse(req, res);
      }
    } else if (this.hasRoom(now)) return this.run(req, res, 0, now);
    this.waiting.push({ req, res, at: now });
    if (this.hasPlace()) this.schedule();
    this.watchDelay();
  }

  /**
   * Arms the timer that refuses the oldest waiting request once late, even if nothing else
   * happens, or, before the queue stands, that looks at it again an interval on.
   */
  private watchDelay(): void {
    const { maxDelayMs, standing } = this.config;
    if (maxDelayMs === 0 || this.expiry || this.queued === 0) return;
    const due = this.shedding
      ? this.waiting[this.head]!.at + maxDelayMs - this.now()
      : standing!.intervalMs;
    this.expiry = setTimeout(this.expire, Math.max(1, Math.ceil(due) + 1));
    this.expiry.unref();
  }

  /** While shedding, refuses the waiting requests, oldest first, that have waited past the bound. */
  private refuseLate(now: number): void {
    const shedding = this.shedding;
    while (this.queued > 0) {
      const next = this.waiting[this.head]!;
      if (!next.res.destroyed && !(shedding && now - next.at > this.config.maxDelayMs)) return;
      this.take(false);
      if (next.res.destroyed) continue;
      this.standingQueue?.late(now);
      this.refuse(next.req, next.res);
    }
  }

  /** Starts the next waiting request (the newest while a standing queue is shed, else the oldest). */
  private startNext(): void {
    const now = this.now();
    this.refuseLate(now);
    while (this.queued > 0) {
      const newest = this.shedding && this.config.standing?.newestFirst === true;
      const next = this.waiting[newest ? this.waiting.length - 1 : this.head]!;
      if (next.res.destroyed) {
        this.take(newest);
        continue;
      }
      if (!this.hasRoom(now)) {
        // A later turn (an immediate scheduled now runs in the next one), or a free place.
        if (this.hasPlace()) this.schedule();
        return;
      }
      this.take(newest);
      this.run(next.req, next.res, now - next.at, now);
      return;
    }
  }

  /** Removes the newest or the oldest waiting request. */
  private take(newest: boolean): void {
    if (newest) this.waiting.pop();
    else this.head += 1;
    if (this.head === this.waiting.length) {
      this.waiting.length = 0;
      this.head = 0;
      this.standingQueue?.drained();
    } else if (this.head > 1024 && this.head * 2 > this.waiting.length) {
      this.waiting.splice(0, this.head);
      this.head = 0;
    }
  }
}
