import { describe, expect, it } from 'vitest';
import { RecentAsks } from './recent-asks.js';

describe('RecentAsks', () => {
  it('tells a key asked before from a new one', () => {
    const asks = new RecentAsks(10);
    expect(asks.askedBefore('/a')).toBe(false);
    expect(asks.askedBefore('/b')).toBe(false);
    expect(asks.askedBefore('/a')).toBe(true);
    expect(asks.askedBefore('/a')).toBe(true);
  });

  it('remembers a key for at least `capacity` other asks, and forgets it after twice as many', () => {
    const asks = new RecentAsks(4);
    asks.askedBefore('/kept');
    for (let i = 0; i < 4; i++) asks.askedBefore(`/other-${i}`);
    expect(asks.askedBefore('/kept')).toBe(true);
    const forgotten = new RecentAsks(4);
    forgotten.askedBefore('/gone');
    for (let i = 0; i < 8; i++) forgotten.askedBefore(`/other-${i}`);
    expect(forgotten.askedBefore('/gone')).toBe(false);
  });

  it('keeps a key asked for again in the newer generation', () => {
    const asks = new RecentAsks(3);
    asks.askedBefore('/hot');
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 2; i++) asks.askedBefore(`/cold-${round}-${i}`);
      expect(asks.askedBefore('/hot'), `round ${round}`).toBe(true);
    }
  });
});
