import type { IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { TestClock } from '../../../test/helpers/test-clock.js';
import { BROWSERS } from '../../../test/helpers/visitors.js';
import { ResponseCache } from '../cache/response-cache.js';
import { trustOf } from '../http/client-address.js';
import { BATCH_LIMITS } from './batch.js';
import { OTHER } from './count-kinds.js';
import { Counter } from './counter.js';
import { DAY_LIMITS } from './day-values.js';

/**
 * The bound docs/analytics.md states: what one process's analytics may hold in memory between two
 * writes, whatever the traffic.
 */
const MEMORY_BOUND_MB = 16;
const FLOOD = 100_000;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapUsedMb(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

const cache = new ResponseCache(0, 0);
const produce = (statusCode: number, contentType: string, found?: number) =>
  cache.getOrProduce('/', async () => ({ statusCode, body: 'x', contentType, found }));

/** A request as the front door hands it on: only what the counter reads. */
function request(i: number, headers: string[]): IncomingMessage {
  return {
    method: 'GET',
    rawHeaders: [
      'User-Agent',
      `${BROWSERS[i % 4]} build/${i}`,
      'X-Forwarded-For',
      `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`,
      ...headers,
    ],
    socket: { remoteAddress: '127.0.0.1' },
  } as unknown as IncomingMessage;
}

describe('the analytics under a flood of unique URLs', () => {
  it(`keep their memory under ${MEMORY_BOUND_MB} MB and every view in the totals`, async () => {
    const page = await produce(200, 'text/html; charset=utf-8');
    const missing = await produce(404, 'text/html; charset=utf-8');
    const search = await produce(200, 'text/html; charset=utf-8', 0);
    let full = 0;
    const counter = new Counter(
      new TestClock(Date.parse('2026-05-04T10:00:00Z')),
      trustOf(1),
      () => {
        full += 1;
      },
    );
    const before = heapUsedMb();
    for (let i = 0; i < FLOOD; i++) {
      const referer = ['Referer', `https://site-${i}.example/`];
      // Each entry object stands for the one cached answer of its URL.
      counter.answered(request(i, referer), { ...page }, `/post-${i}?utm_source=s${i}`);
      counter.answered(request(i, []), { ...missing }, `/missing-${i}`);
      counter.answered(request(i, []), { ...search }, `/posts/words-${i}`);
    }
    const held = heapUsedMb() - before;
    const batch = counter.take();
    expect(held).toBeLessThan(MEMORY_BOUND_MB);
    expect(full).toBeGreaterThan(0);
    expect(batch.size).toBeLessThanOrEqual(BATCH_LIMITS.cells);
    expect(batch.pairs.length).toBeLessThanOrEqual(BATCH_LIMITS.visitors);
    expect(counter.held.userAgents).toBeLessThanOrEqual(2000);
    const limits = Object.values(DAY_LIMITS).reduce((sum, n) => sum + n, 0);
    expect(counter.held.dayValues).toBeLessThanOrEqual(limits);

    // Nothing is lost from the totals: the tail is added up under OTHER.
    const rows = batch.rows();
    const sum = (kind: string, site = false) =>
      rows
        .filter((r) => r.kind === kind && (r.path === '') === site)
        .reduce((total, r) => total + r.count, 0);
    expect(sum('view')).toBe(2 * FLOOD);
    expect(sum('view', true)).toBe(2 * FLOOD);
    expect(sum('missing')).toBe(FLOOD);
    expect(sum('search', true)).toBe(FLOOD);
    // Past the day's limit of pages (and past the batch's of counts), every view is an OTHER's.
    expect(rows.find((r) => r.kind === 'view' && r.path === OTHER)?.count).toBeGreaterThanOrEqual(
      FLOOD - DAY_LIMITS.path + 1,
    );
  }, 60_000);
});
