/**
 * The one source of the current time for what readers may see: a post dated later is hidden until
 * this clock reaches its date. Passed in (buildApp's `clock`), so that tests move time themselves.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** The clock's time as the store writes dates (ISO 8601 UTC), which compare as text. */
export function isoNow(clock: Clock): string {
  return new Date(clock.now()).toISOString();
}
