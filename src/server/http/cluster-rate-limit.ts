import cluster, { type Worker } from 'node:cluster';
import { countingStore } from './counting-store.js';
import type { WindowCount } from './rate-limit.repository.js';

/**
 * Rate-limit counters for `serve --workers N`, kept by the primary process. Each worker holds
 * its own caches, but a limit counted per worker would let a client make N times the attempts
 * (the employer check allows 10 a minute). Workers ask the primary over the cluster's IPC
 * channel; the answer is the count across every worker.
 */

interface Count {
  current: number;
  /** When the window of this count ends, in ms since the epoch. */
  endsAt: number;
}

interface IncrRequest {
  type: typeof INCR;
  id: number;
  key: string;
  timeWindow: number;
}

interface IncrReply {
  type: typeof REPLY;
  id: number;
  current: number;
  ttl: number;
}

const INCR = 'postfolio:rate-limit:incr';
const REPLY = 'postfolio:rate-limit:reply';
/** Past this, a worker counts on its own rather than hold a request (the primary is gone). */
const PRIMARY_TIMEOUT_MS = 1000;

/** Counts hits per key in fixed windows; entries whose window ended are dropped as it goes. */
export class WindowCounter {
  private readonly counts = new Map<string, Count>();

  constructor(private readonly maxKeys = 10_000) {}

  incr(key: string, timeWindow: number, now = Date.now()): WindowCount {
    let count = this.counts.get(key);
    if (!count || count.endsAt <= now) {
      this.counts.delete(key);
      if (this.counts.size >= this.maxKeys) this.dropEnded(now);
      count = { current: 0, endsAt: now + timeWindow };
      // Insertion order is window order, which dropEnded relies on.
      this.counts.set(key, count);
    }
    count.current += 1;
    return { current: count.current, ttl: count.endsAt - now };
  }

  private dropEnded(now: number): void {
    for (const [key, count] of this.counts) {
      if (count.endsAt > now && this.counts.size < this.maxKeys) break;
      this.counts.delete(key);
    }
  }
}

/** In the primary: answers the workers' counting requests. */
export function serveRateLimitCounts(): void {
  const counter = new WindowCounter();
  cluster.on('message', (worker: Worker, message: IncrRequest) => {
    if (message?.type !== INCR) return;
    const { current, ttl } = counter.incr(message.key, message.timeWindow);
    const reply: IncrReply = { type: REPLY, id: message.id, current, ttl };
    if (worker.isConnected()) worker.send(reply);
  });
}

/** Per request sent to the primary: settles it once, with the reply or without one. */
const waiting = new Map<number, (reply?: IncrReply) => void>();
let nextId = 0;
let listening = false;

function askPrimary(key: string, timeWindow: number): Promise<IncrReply | undefined> {
  if (!listening) {
    listening = true;
    process.on('message', (message: IncrReply) => {
      if (message?.type === REPLY) waiting.get(message.id)?.(message);
    });
  }
  const id = nextId++;
  return new Promise((resolve) => {
    const finish = (reply?: IncrReply) => {
      waiting.delete(id);
      clearTimeout(timer);
      resolve(reply);
    };
    const timer = setTimeout(finish, PRIMARY_TIMEOUT_MS);
    waiting.set(id, finish);
    // A closed channel (the primary is gone) must not leave the request waiting.
    if (!process.connected || !process.send) return finish();
    const request: IncrRequest = { type: INCR, id, key, timeWindow };
    try {
      process.send(request, undefined, undefined, (error) => error && finish());
    } catch {
      finish();
    }
  });
}

/** A worker's own counts, used while the primary does not answer. */
const ownCounts = new WindowCounter();

/**
 * In a cluster worker: counts one attempt of `key` in the primary, so across the instance's
 * workers; should the primary not answer, in the worker alone.
 */
export async function countInPrimary(key: string, timeWindow: number): Promise<WindowCount> {
  const reply = await askPrimary(key, timeWindow);
  return reply ? { current: reply.current, ttl: reply.ttl } : ownCounts.incr(key, timeWindow);
}

/** A store for @fastify/rate-limit in a cluster worker: counts in the primary, per route. */
export const ClusterRateLimitStore = countingStore(countInPrimary);
