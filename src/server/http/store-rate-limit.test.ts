import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestStore, pgAdmin, type TestStore } from '../../../test/helpers/stores.js';
import { WindowCounter } from './cluster-rate-limit.js';
import { RateLimitRepository } from './rate-limit.repository.js';
import { SharedCounts, STORE_RETRY_MS, SWEEP_EVERY_MS } from './store-rate-limit.js';

const MINUTE = 60_000;

/** The lines a SharedCounts logs. */
function recordingLog() {
  const lines: Array<[level: 'warn' | 'info', message: string]> = [];
  return {
    lines,
    warn: (_details: unknown, message?: string) => lines.push(['warn', message ?? ''] as const),
    info: (message: string) => lines.push(['info', message] as const),
  };
}

/** SharedCounts on the test store, with an own count per process and a clock the test moves. */
function sharedCounts(test: TestStore, boundMs?: number) {
  const clock = { now: 1_000_000 };
  const log = recordingLog();
  const own = new WindowCounter();
  const counts = new SharedCounts({
    repository: new RateLimitRepository(test.store.db),
    own: (key, timeWindow) => own.incr(key, timeWindow, clock.now),
    log: log as never,
    now: () => clock.now,
    boundMs,
  });
  const currents = async (key: string, times: number) => {
    const seen: number[] = [];
    for (let i = 0; i < times; i++) seen.push((await counts.incr(key, MINUTE)).current);
    return seen;
  };
  return { counts, clock, log, own, currents };
}

/**
 * Runs `query` on a connection of its own: a pooled connection whose backend a test killed may
 * be handed out before its socket's end is seen.
 */
async function onOwnConnection<T>(test: TestStore, query: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: test.url });
  await client.connect();
  try {
    return await query(client);
  } finally {
    await client.end();
  }
}

const storedCount = (test: TestStore, key: string) =>
  onOwnConnection(test, async (client) => {
    const { rows } = await client.query<{ count: number }>(
      'SELECT count FROM rate_limit_counts WHERE key = $1',
      [key],
    );
    return rows[0]?.count;
  });

/** Which of `pids` still run a backend. */
const runningBackends = (test: TestStore, pids: number[]) =>
  onOwnConnection(test, async (client) => {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE pid = ANY($1)',
      [pids],
    );
    return rows.map((row) => row.pid);
  });

/** Runs `during` while another connection holds rate_limit_counts locked. */
async function holdingTheTable<T>(test: TestStore, during: (locker: pg.Client) => Promise<T>) {
  const locker = new pg.Client({ connectionString: test.url });
  await locker.connect();
  try {
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE rate_limit_counts IN ACCESS EXCLUSIVE MODE');
    const result = await during(locker);
    await locker.query('ROLLBACK');
    return result;
  } finally {
    await locker.end();
  }
}

/** The backends of the database waiting for a lock. */
async function waitingOnLock(locker: pg.Client): Promise<number[]> {
  const { rows } = await locker.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return rows.map((row) => row.pid);
}

describe('rate-limit counts in PostgreSQL', () => {
  let test: TestStore | undefined;
  afterEach(async () => {
    await test?.drop();
    test = undefined;
  });

  it('counts each key in a window of its own, opened again once it ended, and sweeps ended ones', async () => {
    test = await createTestStore('postgres');
    const repository = new RateLimitRepository(test.store.db);
    const first = await repository.incr('a', MINUTE);
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(MINUTE - 5000);
    expect(first.ttl).toBeLessThanOrEqual(MINUTE);
    expect((await repository.incr('a', MINUTE)).current).toBe(2);
    expect((await repository.incr('b', MINUTE)).current).toBe(1);
    // Attempts side by side, as from several instances at once, are each counted once.
    await Promise.all(Array.from({ length: 20 }, () => repository.incr('a', MINUTE)));
    expect(await storedCount(test, 'a')).toBe(22);

    // 'a' 's window ends: the next attempt opens a new one; the sweep deletes 'a' alone.
    await sql`UPDATE rate_limit_counts SET ends_at = now() - interval '1 second'
      WHERE key = 'a'`.execute(test.store.db);
    expect((await repository.incr('a', MINUTE)).current).toBe(1);
    await sql`UPDATE rate_limit_counts SET ends_at = now() - interval '1 second'
      WHERE key = 'a'`.execute(test.store.db);
    await repository.sweep();
    const keys = await test.store.db.selectFrom('rate_limit_counts').select('key').execute();
    expect(keys).toEqual([{ key: 'b' }]);
  });

  it('decides by the count across instances when another instance counted the key', async () => {
    test = await createTestStore('postgres');
    const { counts, currents } = sharedCounts(test);
    await new RateLimitRepository(test.store.db).incr('k', MINUTE);
    await new RateLimitRepository(test.store.db).incr('k', MINUTE);
    expect(await currents('k', 2)).toEqual([3, 4]);
    expect((await counts.incr('other', MINUTE)).current).toBe(1);
  });

  it('a dropped database: counts go on per instance from where they were, logged once', async () => {
    test = await createTestStore('postgres');
    const { clock, log, currents } = sharedCounts(test);
    expect(await currents('k', 3)).toEqual([1, 2, 3]);
    const name = new URL(test.url).pathname.slice(1);
    await pgAdmin(`DROP DATABASE ${name} WITH (FORCE)`);

    // Neither refused (an error) nor admitted afresh (a count from 1): the instance's count.
    expect(await currents('k', 3)).toEqual([4, 5, 6]);
    clock.now += STORE_RETRY_MS;
    expect(await currents('k', 2)).toEqual([7, 8]);
    expect(log.lines).toEqual([
      ['warn', 'rate limits: the store failed; each instance counts on its own until it answers'],
    ]);
  });

  it('a connection killed mid-query: that attempt is counted per instance, the next ones across instances again', async () => {
    test = await createTestStore('postgres');
    const { clock, log, currents } = sharedCounts(test, 30_000);
    expect(await currents('k', 2)).toEqual([1, 2]);
    let killed: number[] = [];
    const waiting = await holdingTheTable(test, async (locker) => {
      const attempt = currents('k', 1);
      // The attempt's connection ends under it while it waits, as when PostgreSQL restarts.
      await expect.poll(async () => (await waitingOnLock(locker)).length, { interval: 20 }).toBe(1);
      killed = await waitingOnLock(locker);
      await locker.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [
        killed,
      ]);
      return attempt;
    });
    expect(waiting).toEqual([3]);
    // The pool drops the connection once its socket ends, which follows the error by a moment.
    await expect.poll(() => runningBackends(test!, killed)).toEqual([]);
    expect(log.lines.map(([level]) => level)).toEqual(['warn']);
    // Until the retry, the store is not asked: the stored count stays at 2.
    expect(await currents('k', 1)).toEqual([4]);
    expect(await storedCount(test, 'k')).toBe(2);

    clock.now += STORE_RETRY_MS;
    // The store counts again (3); the instance's own count (5) is larger and decides.
    expect(await currents('k', 1)).toEqual([5]);
    expect(await storedCount(test, 'k')).toBe(3);
    expect(log.lines).toEqual([
      ['warn', 'rate limits: the store failed; each instance counts on its own until it answers'],
      ['info', 'rate limits: the store answers again; counting across instances'],
    ]);
  });

  it('a store slower than the bound: the attempt is decided by the instance count', async () => {
    test = await createTestStore('postgres');
    const { log, currents } = sharedCounts(test, 50);
    expect(await currents('k', 1)).toEqual([1]);
    await holdingTheTable(test, async () => {
      expect(await currents('k', 2)).toEqual([2, 3]);
      expect(log.lines.map(([level]) => level)).toEqual(['warn']);
    });
    // The attempt that waited on the lock is counted once the lock is gone.
    await expect.poll(() => storedCount(test!, 'k')).toBe(2);
  });
});

describe('the sweep of ended counts', () => {
  afterEach(() => vi.useRealTimers());

  it('runs every minute once the store has counted, until the app closes', async () => {
    vi.useFakeTimers();
    const sweep = vi.fn(() => Promise.resolve());
    const counts = new SharedCounts({
      repository: { incr: () => Promise.resolve({ current: 1, ttl: MINUTE }), sweep },
      own: () => ({ current: 1, ttl: MINUTE }),
      log: recordingLog() as never,
    });
    vi.advanceTimersByTime(2 * SWEEP_EVERY_MS);
    expect(sweep).not.toHaveBeenCalled();
    await counts.incr('k', MINUTE);
    await counts.incr('k', MINUTE);
    vi.advanceTimersByTime(2 * SWEEP_EVERY_MS);
    expect(sweep).toHaveBeenCalledTimes(2);
    counts.close();
    vi.advanceTimersByTime(2 * SWEEP_EVERY_MS);
    expect(sweep).toHaveBeenCalledTimes(2);
  });
});
