import { describe, expect, it } from 'vitest';
import { parseDuration, signPreview, verifyPreview } from './preview-token.js';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const NOW = Date.parse('2026-11-23T12:00:00Z');
const WEEK = 7 * 86_400_000;

/** Replaces the character at `at` with another of the base64url alphabet. */
const flip = (text: string, at: number) =>
  `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;

describe('preview tokens', () => {
  const token = signPreview(SECRET, { slug: 'my-draft', expiresAt: NOW + WEEK });

  it('open the post they name until they expire', () => {
    expect(verifyPreview(SECRET, token, NOW)).toEqual({ slug: 'my-draft', expiresAt: NOW + WEEK });
    expect(verifyPreview(SECRET, token, NOW + WEEK - 1000)?.slug).toBe('my-draft');
    expect(verifyPreview(SECRET, token, NOW + WEEK)).toBeUndefined();
    expect(verifyPreview(SECRET, token, NOW + 30 * WEEK)).toBeUndefined();
  });

  it('carry a 256-bit signature, and differ by slug, expiry and secret', () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    const other = signPreview(SECRET, { slug: 'my-draft-2', expiresAt: NOW + WEEK });
    expect(other.split('.')[1]).not.toBe(token.split('.')[1]);
    expect(signPreview(`${SECRET}x`, { slug: 'my-draft', expiresAt: NOW + WEEK })).not.toBe(token);
  });

  it('open nothing when any character is changed', () => {
    for (let at = 0; at < token.length; at++) {
      if (token[at] === '.') continue;
      expect(verifyPreview(SECRET, flip(token, at), NOW), `character ${at}`).toBeUndefined();
      for (const c of 'AaBb09_-')
        if (c !== token[at])
          expect(
            verifyPreview(SECRET, `${token.slice(0, at)}${c}${token.slice(at + 1)}`, NOW),
          ).toBeUndefined();
    }
  });

  it('open nothing for another slug or a later expiry written into a valid token', () => {
    const [, mac] = token.split('.');
    for (const payload of [
      `${Math.floor((NOW + WEEK) / 1000)}:other-post`,
      `${Math.floor((NOW + 99 * WEEK) / 1000)}:my-draft`,
    ])
      expect(
        verifyPreview(SECRET, `${Buffer.from(payload).toString('base64url')}.${mac}`, NOW),
      ).toBeUndefined();
  });

  it('open nothing signed with another secret', () => {
    expect(verifyPreview('another-secret-of-at-least-32-characters', token, NOW)).toBeUndefined();
  });

  it('refuse malformed tokens without throwing', () => {
    for (const bad of [
      '',
      '.',
      'abc',
      'abc.def',
      `${token}.x`,
      token.replace('.', ''),
      `${'A'.repeat(5000)}.${'B'.repeat(43)}`,
      '../../etc/passwd',
      token.slice(0, -1),
      `${token}A`,
    ])
      expect(verifyPreview(SECRET, bad, NOW), bad.slice(0, 40)).toBeUndefined();
  });

  it('read link lifetimes such as 7d, 12h, 30m and 45s, and refuse others', () => {
    expect(parseDuration('7d')).toBe(WEEK);
    expect(parseDuration('12h')).toBe(12 * 3_600_000);
    expect(parseDuration('30m')).toBe(30 * 60_000);
    expect(parseDuration('45s')).toBe(45_000);
    for (const bad of ['', '7', 'd', '0d', '-1d', '1.5d', '7 days', '367d', '1w'])
      expect(parseDuration(bad), bad).toBeUndefined();
  });
});
