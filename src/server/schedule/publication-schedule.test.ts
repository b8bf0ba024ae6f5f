import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublicationSchedule, RECHECK_MS } from './publication-schedule.js';

/** Vitest's fake timers and Date: the test moves time, so a timer fires exactly when it is due. */
describe('the publication schedule', () => {
  let schedule: PublicationSchedule | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    schedule?.stop();
    vi.useRealTimers();
  });

  it('publishes at the next time it read, then waits for the one after', async () => {
    const at = [Date.now() + 150, Date.now() + 300];
    const published: number[] = [];
    schedule = new PublicationSchedule({
      clock: { now: () => Date.now() },
      nextPublication: async (now) => at.map((t) => new Date(t).toISOString()).find((t) => t > now),
      publish: () => published.push(Date.now()),
    });
    await schedule.start();
    expect(schedule.next).toBe(at[0]);
    await vi.advanceTimersByTimeAsync(149);
    expect(published).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(published).toEqual([at[0]]);
    expect(schedule.next).toBe(at[1]);
    await vi.advanceTimersByTimeAsync(149);
    expect(published).toEqual([at[0]]);
    await vi.advanceTimersByTimeAsync(1);
    expect(published).toEqual(at);
    expect(schedule.next).toBeUndefined();
  });

  it('never waits longer than its recheck, so it finds a time it could not read before', async () => {
    const written: { next?: string } = {};
    let reads = 0;
    const published: number[] = [];
    schedule = new PublicationSchedule({
      clock: { now: () => Date.now() },
      nextPublication: async (now) => {
        reads += 1;
        if (reads === 2) throw new Error('the database is away');
        return written.next !== undefined && written.next > now ? written.next : undefined;
      },
      publish: () => published.push(Date.now()),
      recheckMs: 50,
    });
    await schedule.start();
    expect(schedule.next).toBeUndefined();
    // Written by another process whose change this one missed; a failed read is retried.
    const at = Date.now() + 1500;
    written.next = new Date(at).toISOString();
    await vi.advanceTimersByTimeAsync(1499);
    expect(reads).toBeGreaterThan(2);
    expect(schedule.next).toBe(at);
    expect(published).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(published).toEqual([at]);
  });

  it('reads the store again after RECHECK_MS when nothing is scheduled', async () => {
    let reads = 0;
    schedule = new PublicationSchedule({
      clock: { now: () => Date.now() },
      nextPublication: async () => {
        reads += 1;
        return undefined;
      },
      publish: () => undefined,
    });
    await schedule.start();
    await vi.advanceTimersByTimeAsync(RECHECK_MS - 1);
    expect(reads).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads).toBe(2);
  });

  it('does nothing once stopped', async () => {
    const publish = vi.fn();
    schedule = new PublicationSchedule({
      clock: { now: () => Date.now() },
      nextPublication: async () => new Date(Date.now() + 50).toISOString(),
      publish,
    });
    await schedule.start();
    schedule.stop();
    await vi.advanceTimersByTimeAsync(RECHECK_MS * 2);
    expect(publish).not.toHaveBeenCalled();
  });
});
