import { describe, expect, it } from 'vitest';
import { readingStats } from './reading-stats.js';

describe('readingStats', () => {
  it('counts words, joined words once, and one minute at least', () => {
    expect(readingStats("Don't stop: a well-kept e.g. snake_case name, 42 times.", '')).toEqual({
      wordCount: 9,
      readingMinutes: 1,
    });
    expect(readingStats('', '').readingMinutes).toBe(1);
  });

  it('reads 230 words a minute and adds 12 seconds an image', () => {
    const words = Array.from({ length: 1150 }, (_, i) => `word${i}`).join(' ');
    expect(readingStats(words, '<p>x</p>')).toEqual({ wordCount: 1150, readingMinutes: 5 });
    const images = '<img src="/images/a.webp" />'.repeat(10);
    expect(readingStats(words, images).readingMinutes).toBe(7);
  });

  it('counts each Han or kana character as a word, and letters of any script', () => {
    expect(readingStats('日本語を読む', '').wordCount).toBe(6);
    expect(readingStats('Ελληνικά и русский', '').wordCount).toBe(3);
  });
});
