import { describe, expect, it } from 'vitest';
import { utf8Bytes } from './utf8-bytes.js';

describe('utf8Bytes', () => {
  it('gives the bytes Buffer.from gives, for one-byte, two-byte and astral text', () => {
    for (const text of [
      '',
      'plain ASCII',
      'café · naïve',
      'em — dash “quoted”',
      '😀 emoji 𝔘',
      'lone \ud800 surrogate',
    ])
      expect(utf8Bytes(text).equals(Buffer.from(text))).toBe(true);
  });

  it('gives each answer a buffer of its own, not a view of shared space', () => {
    const first = utf8Bytes('first answer');
    const second = utf8Bytes('second, longer answer');
    expect(first.toString()).toBe('first answer');
    expect(second.toString()).toBe('second, longer answer');
    expect(first.buffer).not.toBe(second.buffer);
  });

  it('encodes a text longer than the scratch space whole', () => {
    const long = `${'é'.repeat(200_000)}—${'x'.repeat(100_000)}`;
    const bytes = utf8Bytes(long);
    expect(bytes.length).toBe(Buffer.byteLength(long));
    expect(bytes.equals(Buffer.from(long))).toBe(true);
  });
});
