import { describe, expect, it } from 'vitest';
import { matchCount } from './search-match-count.js';

describe('the number of posts a search found, as its page says it', () => {
  it('says none, one, several, and a capped count with a plus', () => {
    expect(matchCount({ total: 0, capped: false }, 'cache')).toBe('No posts match “cache”');
    expect(matchCount({ total: 1, capped: false }, 'cache')).toBe('1 post matches “cache”');
    expect(matchCount({ total: 7, capped: false }, 'cache')).toBe('7 posts match “cache”');
    expect(matchCount({ total: 1000, capped: true }, 'cache')).toBe('1,000+ posts match “cache”');
    expect(matchCount({ total: 250, capped: true }, 'x')).toBe('250+ posts match “x”');
    expect(matchCount({ total: 1234567, capped: true }, 'x')).toBe('1,234,567+ posts match “x”');
  });
});
