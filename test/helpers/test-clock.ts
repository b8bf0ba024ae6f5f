import type { Clock } from '../../src/server/schedule/clock.js';

/** A clock that the test moves by setting `time`. */
export class TestClock implements Clock {
  constructor(public time: number) {}
  now(): number {
    return this.time;
  }
}
