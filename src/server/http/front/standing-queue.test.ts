import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadShedder, type OverloadConfig } from './load-shedder.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A shedder on a test clock, one request in the app at a time, so that the others queue: each
 * `finish` closes the request in the app and lets the next one start.
 */
function onTestClock(config: Omit<OverloadConfig, 'maxInFlight'>) {
  let now = 0;
  const started: string[] = [];
  const refused: string[] = [];
  const open: ServerResponse[] = [];
  const shedder = new LoadShedder(
    { ...config, maxInFlight: 1 },
    (req, res) => {
      started.push(req.url!);
      open.push(res);
    },
    (req) => refused.push(req.url!),
    () => now,
  );
  return {
    started,
    refused,
    shedder,
    advance: (ms: number) => (now += ms),
    admit: (...urls: string[]) => {
      for (const url of urls) {
        const res = Object.assign(new EventEmitter(), { destroyed: false });
        shedder.admit({ url } as IncomingMessage, res as unknown as ServerResponse);
      }
    },
    finish: async () => {
      open.shift()?.emit('close');
      await nextTurn();
    },
  };
}

const STANDING = { targetMs: 50, intervalMs: 200, newestFirst: false };

describe('LoadShedder on a standing queue (CoDel)', () => {
  // The timer that looks at the queue again must not run on its own: the test clock moves it.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('lets a burst whose queue drains within the interval through, which the momentary rule sheds', async () => {
    for (const standing of [STANDING, undefined]) {
      const c = onTestClock({ maxDelayMs: 100, standing });
      c.admit('/a', '/b', '/c', '/d');
      c.advance(120);
      await c.finish();
      c.admit('/e');
      for (let left = 4; left > 0; left--) {
        c.advance(20);
        await c.finish();
      }
      if (standing) {
        expect(c.refused).toEqual([]);
        expect(c.started).toEqual(['/a', '/b', '/c', '/d', '/e']);
      } else {
        expect(c.refused).toEqual(['/b', '/c', '/d']);
        expect(c.started).toEqual(['/a', '/e']);
      }
    }
  });

  it('refuses at once once every wait over an interval was above the target, then recovers when it drains', async () => {
    const c = onTestClock({ maxDelayMs: 100, standing: STANDING });
    c.admit('/a', '/b', '/c', '/d', '/e', '/f', '/g');
    // Every request starts 60 ms after the one before: each waits more than the target, for
    // 240 ms from /b's start to /f's.
    for (let i = 0; i < 5; i++) {
      c.advance(60);
      await c.finish();
    }
    expect(c.shedder.shedding).toBe(true);
    expect(c.refused).toEqual([]);
    // The oldest waiting one (/g) is late: a new request is refused at once, /g at its turn.
    c.admit('/h');
    expect(c.refused).toEqual(['/h']);
    c.advance(60);
    await c.finish();
    expect(c.refused).toEqual(['/h', '/g']);
    expect(c.started).toEqual(['/a', '/b', '/c', '/d', '/e', '/f']);
    // An interval with nothing late: the queue no longer stands, and a request starts at once.
    c.advance(STANDING.intervalMs);
    c.admit('/i');
    expect(c.shedder.shedding).toBe(false);
    expect(c.started.at(-1)).toBe('/i');
    expect(c.refused).toEqual(['/h', '/g']);
  });

  it('refuses a late waiting request by its timer while nothing frees a place', async () => {
    const c = onTestClock({ maxDelayMs: 100, standing: STANDING });
    c.admit('/a', '/b', '/c');
    c.advance(60);
    await c.finish();
    c.advance(STANDING.intervalMs);
    // The timer looks at the queue: /c has waited past the interval above the target and past
    // the bound, with /b still in the app.
    await vi.advanceTimersByTimeAsync(STANDING.intervalMs + 1);
    expect(c.shedder.shedding).toBe(true);
    expect(c.refused).toEqual(['/c']);
  });

  it('starts the newest waiting request first while the queue stands, with newestFirst', async () => {
    const c = onTestClock({ maxDelayMs: 1000, standing: { ...STANDING, newestFirst: true } });
    c.admit('/a', '/b', '/c', '/d', '/e', '/f', '/g');
    for (let i = 0; i < 5; i++) {
      c.advance(60);
      await c.finish();
    }
    expect(c.started).toEqual(['/a', '/b', '/c', '/d', '/e', '/f']);
    expect(c.shedder.shedding).toBe(true);
    c.admit('/h', '/i');
    for (let i = 0; i < 3; i++) await c.finish();
    expect(c.started.slice(6)).toEqual(['/i', '/h', '/g']);
  });
});
