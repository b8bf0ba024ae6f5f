import { hash, randomBytes } from 'node:crypto';
import type { AnalyticsRepository } from './analytics.repository.js';
import type { Period } from './periods.js';

/** Characters of a visitor's hash kept: 96 bits, so that two visitors of a day never share one. */
const HASH_LENGTH = 16;

/**
 * The day's salts of visitor hashes. A salt is random, made by the first process that needs it
 * and kept in the store so that every worker and instance hashes a visitor alike, and deleted
 * with the day's hashes once the day is over (upkeep.ts): then nothing is left that could tell
 * whose a hash was, nor link a visitor of one day to the next.
 */
export class Salts {
  private readonly known = new Map<Period, string>();

  constructor(private readonly repository: AnalyticsRepository) {}

  private async of(day: Period): Promise<string> {
    let salt = this.known.get(day);
    if (salt === undefined) {
      salt = await this.repository.salt(day, randomBytes(32).toString('base64url'));
      this.known.set(day, salt);
    }
    return salt;
  }

  /** The hasher of `day`: a visitor pair (address and user agent) to its hash. */
  async hasher(day: Period): Promise<(pair: string) => string> {
    const salt = await this.of(day);
    return (pair) => hash('sha256', `${salt}\n${pair}`, 'base64url').slice(0, HASH_LENGTH);
  }

  /** Forgets the salts of the days before `day` (the store's are deleted beside). */
  forgetBefore(day: Period): void {
    for (const known of this.known.keys()) if (known < day) this.known.delete(known);
  }
}
