import { afterEach, describe, expect, it, vi } from 'vitest';
import { PublicationSchedule } from './publication-schedule.js';

describe('the publication schedule', () => {
  let schedule: PublicationSchedule | undefined;
  afterEach(() => schedule?.stop());

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
    await vi.waitFor(() => expect(published).toHaveLength(2), { timeout: 2000 });
    for (const [i, t] of published.entries()) {
      expect(t).toBeGreaterThanOrEqual(at[i]!);
      expect(t - at[i]!).toBeLessThan(100);
    }
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
    await vi.waitFor(() => expect(published).toHaveLength(1), { timeout: 4000 });
    expect(reads).toBeGreaterThan(3);
    expect(published[0]! - at).toBeLessThan(100);
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
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(publish).not.toHaveBeenCalled();
  });
});
