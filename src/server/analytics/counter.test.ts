import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { TestClock } from '../../../test/helpers/test-clock.js';
import { BROWSERS } from '../../../test/helpers/visitors.js';
import { ResponseCache } from '../cache/response-cache.js';
import { trustOf } from '../http/client-address.js';
import type { Batch } from './batch.js';
import { KIND } from './count-kinds.js';
import { Counter } from './counter.js';

const HOUR = '2026-05-04T10';
const DAY = '2026-05-04';

/** A request on `socket` (one connection) from a reader behind the proxy at 127.0.0.1. */
const request = (socket: object, address: string, userAgent: string) =>
  ({
    method: 'GET',
    rawHeaders: ['User-Agent', userAgent, 'X-Forwarded-For', address],
    socket,
  }) as unknown as IncomingMessage;

const count = (batch: Batch, period: string, kind: string, path: string, value: string) =>
  batch
    .rows()
    .find(
      (row) =>
        [row.period, row.kind, row.path, row.value].join() === [period, kind, path, value].join(),
    )?.count;

const visitorsOn = (batch: Batch, hour: string, path: string) =>
  batch
    .visitorsByHour()
    .find((h) => h.hour === hour)
    ?.paths.get(path)
    ?.sort();

describe('the counter on one connection', () => {
  it('tells apart the readers a proxy sends on it, in each batch and hour', async () => {
    const cache = new ResponseCache(0, 0);
    const page = await cache.getOrProduce('/a', async () => ({
      body: 'x',
      contentType: 'text/html; charset=utf-8',
    }));
    const clock = new TestClock(Date.parse(`${HOUR}:10:00Z`));
    const counter = new Counter(clock, trustOf(1), () => {});
    const socket = { remoteAddress: '127.0.0.1' };
    const [desktop, mobile] = [BROWSERS[0], BROWSERS[1]];
    for (const [address, userAgent] of [
      ['203.0.113.1', desktop],
      ['203.0.113.1', desktop],
      ['203.0.113.2', desktop],
      ['203.0.113.2', mobile],
      ['203.0.113.1', desktop],
    ] as const)
      counter.answered(request(socket, address, userAgent), page, '/a');

    const first = counter.take();
    expect(count(first, DAY, KIND.view, '/a', '')).toBe(5);
    expect(count(first, HOUR, KIND.view, '', '')).toBe(5);
    expect(count(first, HOUR, KIND.device, '', 'desktop')).toBe(4);
    expect(count(first, HOUR, KIND.device, '', 'mobile')).toBe(1);
    const three = [
      `203.0.113.1\n${desktop}`,
      `203.0.113.2\n${desktop}`,
      `203.0.113.2\n${mobile}`,
    ].sort();
    expect(visitorsOn(first, HOUR, '/a')).toEqual(three);
    expect(visitorsOn(first, HOUR, '')).toEqual(three);

    // The next batch and the next hour count from nothing, the same reader on the same connection.
    counter.answered(request(socket, '203.0.113.1', desktop), page, '/a');
    clock.time += 3_600_000;
    counter.answered(request(socket, '203.0.113.1', desktop), page, '/a');
    const second = counter.take();
    const next = '2026-05-04T11';
    expect(count(second, DAY, KIND.view, '/a', '')).toBe(2);
    expect(count(second, HOUR, KIND.view, '', '')).toBe(1);
    expect(count(second, next, KIND.view, '', '')).toBe(1);
    expect(count(second, next, KIND.device, '', 'desktop')).toBe(1);
    expect(second.pairs).toEqual([`203.0.113.1\n${desktop}`]);
    expect(visitorsOn(second, HOUR, '/a')).toEqual([`203.0.113.1\n${desktop}`]);
    expect(visitorsOn(second, next, '/a')).toEqual([`203.0.113.1\n${desktop}`]);
  });
});
