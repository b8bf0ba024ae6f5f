import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatRate, formatSeconds, formatTimeLeft, Progress, RateMeter } from './progress.js';

/** A clock moved by hand, and an output that keeps what was written. */
function harness(isTTY: boolean) {
  const clock = { ms: 0 };
  const written: string[] = [];
  const output = { isTTY, columns: 120, write: (text: string) => written.push(text) };
  return { clock, written, output, now: () => clock.ms, text: () => written.join('') };
}

describe('RateMeter', () => {
  it('gives no rate before a second has passed, then items a second since the start', () => {
    const clock = { ms: 0 };
    const meter = new RateMeter(() => clock.ms);
    clock.ms = 900;
    meter.record(90);
    expect(meter.rate(90)).toBeUndefined();
    expect(meter.secondsLeft(90, 1000)).toBeUndefined();
    clock.ms = 4000;
    meter.record(400);
    expect(meter.rate(400)).toBe(100);
    expect(meter.secondsLeft(400, 1000)).toBe(6);
  });

  it('measures the latest ten seconds, so that a change of pace shows', () => {
    const clock = { ms: 0 };
    const meter = new RateMeter(() => clock.ms);
    let done = 0;
    const run = (perSecond: number, seconds: number) => {
      for (let tick = 0; tick < seconds * 10; tick++) {
        clock.ms += 100;
        done += perSecond / 10;
        meter.record(done);
      }
    };
    run(100, 20);
    expect(meter.rate(done)).toBe(100);
    expect(meter.secondsLeft(done, 5000)).toBe(30);
    run(200, 10);
    expect(done).toBe(4000);
    // Since the start it would be 4000 in 30 s (133/s); the last 10 s went at 200/s.
    expect(meter.rate(done)).toBe(200);
    expect(meter.secondsLeft(done, 10_000)).toBe(30);
    run(0, 10);
    expect(meter.rate(done)).toBe(0);
    expect(meter.secondsLeft(done, 10_000)).toBeUndefined();
  });

  it('counts from the given start', () => {
    const clock = { ms: 5000 };
    const meter = new RateMeter(() => clock.ms, 3000);
    meter.record(100);
    expect(meter.rate(100)).toBe(50);
  });
});

describe('figures in words', () => {
  it.each([
    [0.04, '0.0 s'],
    [9.94, '9.9 s'],
    [184.2, '184 s'],
  ])('formatSeconds(%s) = %s', (s, text) => expect(formatSeconds(s)).toBe(text));
  it.each([
    [543.48, '543/s'],
    [3.84, '3.8/s'],
    [0, '0.0/s'],
  ])('formatRate(%s) = %s', (r, text) => expect(formatRate(r)).toBe(text));
  it.each([
    [41.2, '42 s'],
    [185, '3 min 05 s'],
    [3720, '1 h 02 min'],
  ])('formatTimeLeft(%s) = %s', (s, text) => expect(formatTimeLeft(s)).toBe(text));
});

describe('Progress off a terminal', () => {
  it('writes one line a stage, when it ends, without carriage returns', () => {
    const h = harness(false);
    const progress = new Progress('import', { output: h.output, now: h.now });
    const images = progress.stage('images checked');
    const posts = progress.stage('post files read');
    h.clock.ms = 2000;
    images(1, 2);
    expect(h.written).toEqual([]);
    h.clock.ms = 4000;
    images(2, 2);
    // The posts' time runs from the end of the images.
    for (let done = 1; done <= 100_000; done++) {
      h.clock.ms = 4000 + done * 1.84;
      posts(done, 100_000);
    }
    progress.close();
    expect(h.written).toEqual([
      'import: 2 images checked in 4.0 s (0.5/s)\n',
      'import: 100000 post files read in 184 s (543/s)\n',
    ]);
    expect(h.text()).not.toContain('\r');
  });

  it('starts a stage at its report of 0 done, and leaves the rate out of a stage of no time', () => {
    const h = harness(false);
    const progress = new Progress('export', { output: h.output, now: h.now });
    h.clock.ms = 5000;
    const posts = progress.stage('posts written');
    posts(0, 10);
    h.clock.ms = 7000;
    posts(10, 10);
    const empty = progress.stage('rows loaded');
    empty(0, 0);
    expect(h.written).toEqual([
      'export: 10 posts written in 2.0 s (5.0/s)\n',
      'export: 0 rows loaded in 0.0 s\n',
    ]);
  });

  it('writes nothing for a stage that does not end', () => {
    const h = harness(false);
    const progress = new Progress('restore', { output: h.output, now: h.now });
    progress.stage('rows loaded')(5, 10);
    progress.close();
    expect(h.written).toEqual([]);
  });
});

describe('Progress on a terminal', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('redraws one bar with done/total, the rate and the time left, then ends on the stage line', () => {
    vi.useFakeTimers();
    const h = harness(true);
    const progress = new Progress('seed', { output: h.output, now: h.now });
    const posts = progress.stage('posts written');
    for (let done = 1; done <= 60; done++) {
      h.clock.ms = done * 100;
      posts(done, 100);
    }
    vi.advanceTimersByTime(200);
    expect(h.text()).toContain(
      'seed: posts written [========================----------------] 60/100 · 10/s · 4 s left',
    );
    h.clock.ms = 10_000;
    posts(100, 100);
    expect(vi.getTimerCount()).toBe(0);
    expect(h.text().endsWith('seed: 100 posts written in 10 s (10/s)\n')).toBe(true);
    // The bar was drawn in place: back to the line's start, never a line of its own.
    expect(h.text().split('\n')).toHaveLength(2);
    expect(h.text()).toContain('\u001b[1G');
  });

  it('clears the bar of a stage that failed, and leaves no timer running', () => {
    vi.useFakeTimers();
    const h = harness(true);
    const progress = new Progress('import', { output: h.output, now: h.now });
    progress.stage('post files read')(3, 10);
    expect(vi.getTimerCount()).toBe(1);
    progress.close();
    expect(vi.getTimerCount()).toBe(0);
    expect(h.text()).not.toContain('post files read in');
  });
});
