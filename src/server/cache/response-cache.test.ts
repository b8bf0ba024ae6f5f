import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ENTRY_OVERHEAD } from './byte-budget.js';
import { encode, isNotModified, ResponseCache } from './response-cache.js';

const json = (body: string) => async () => ({ body, contentType: 'application/json' });

describe('ResponseCache', () => {
  it('produces once per key and gives the same entry afterwards', async () => {
    const cache = new ResponseCache();
    let calls = 0;
    const produce = async () => ({ body: `{"n":${++calls}}`, contentType: 'application/json' });
    const a = await cache.getOrProduce('/a', produce);
    const b = await cache.getOrProduce('/a', produce);
    expect(b).toBe(a);
    expect(calls).toBe(1);
    expect(a.body.toString()).toBe('{"n":1}');
    expect(a.etag).toMatch(/^"[\w-]{22}"$/);
  });

  it('with second-ask admission, stores an answer only when its key was asked for before', async () => {
    const cache = new ResponseCache(2, 1024 * 1024, 'second-ask');
    let calls = 0;
    const produce = async () => ({ body: `{"n":${++calls}}`, contentType: 'application/json' });
    const first = await cache.getOrProduce('/a', produce);
    expect(cache.get('/a')).toBeUndefined();
    expect(first.body.toString()).toBe('{"n":1}');
    const second = await cache.getOrProduce('/a', produce);
    expect(cache.get('/a')).toBe(second);
    expect(await cache.getOrProduce('/a', produce)).toBe(second);
    expect(calls).toBe(2);
    // A walk over many URLs asked for once leaves the entry asked for twice where it was.
    for (let i = 0; i < 50; i++) await cache.getOrProduce(`/walk-${i}`, produce);
    expect(cache.size).toBe(1);
    expect(cache.get('/a')).toBe(second);
  });

  it('evicts the least recently used entry past the entry bound', async () => {
    const cache = new ResponseCache(2);
    await cache.getOrProduce('/a', json('a'));
    await cache.getOrProduce('/b', json('b'));
    cache.get('/a');
    await cache.getOrProduce('/c', json('c'));
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/a')).toBeDefined();
    expect(cache.get('/c')).toBeDefined();
  });

  it('evicts past the byte bound, counting compressed forms added later', async () => {
    // Room for two entries of 1,000 bytes under keys of 2 characters, not for a third form.
    const cache = new ResponseCache(100, 2 * (ENTRY_OVERHEAD + 2 + 1000) + 500);
    await cache.getOrProduce('/a', json('x'.repeat(1000)));
    await cache.getOrProduce('/b', json('y'.repeat(1000)));
    expect(cache.size).toBe(2);
    expect(cache.bytesHeld).toBe(2 * (ENTRY_OVERHEAD + 2 + 1000));
    const b = cache.get('/b')!;
    cache.grew(b, 1000); // as if a compressed form of 1,000 bytes was added
    expect(cache.size).toBe(1);
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.bytesHeld).toBe(ENTRY_OVERHEAD + 2 + 2000);
  });

  it('never holds more bytes than its bound, compressed forms, keys and overhead counted', async () => {
    const bound = 256 * 1024;
    const cache = new ResponseCache(10_000, bound);
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 2000; i++) {
      const key = `/api/posts/${'k'.repeat(Math.floor(random() * 200))}${i}`;
      const size = Math.floor(random() * 20_000);
      const entry = await cache.getOrProduce(key, json('z'.repeat(size)));
      // Real gzip and brotli of the body, made as a client that accepts them would.
      if (random() < 0.5) encode('br, gzip', entry);
      if (random() < 0.3) encode('gzip', entry);
      if (random() < 0.5) cache.get(`/api/posts/${i >> 1}`);
      expect(cache.bytesHeld).toBeLessThanOrEqual(bound);
    }
    expect(cache.size).toBeGreaterThan(10);
  });

  it('compresses fast for the first brotli answer, then once more for the ones after', async () => {
    const cache = new ResponseCache();
    const text = Array.from({ length: 3000 }, (_, i) => `word${(i * 7919) % 1000}`).join(' ');
    const entry = await cache.getOrProduce('/a', json(text));
    const plain = cache.bytesHeld;
    const first = encode('br', entry).body;
    expect(brotliDecompressSync(first).toString()).toBe(text);
    expect(cache.bytesHeld).toBe(plain + first.length);
    const kept = encode('gzip, br', entry).body;
    expect(kept).not.toBe(first);
    expect(brotliDecompressSync(kept).toString()).toBe(text);
    expect(kept.length).toBeLessThan(first.length);
    expect(cache.bytesHeld).toBe(plain + kept.length);
    expect(encode('br', entry).body).toBe(kept);
    // An answer no cache holds is never asked for again: it is compressed once.
    const unstored = { ...entry, br: undefined, brKept: false, owner: undefined };
    const once = encode('br', unstored).body;
    expect(encode('br', unstored).body).toBe(once);
  });

  it('keeps only the entries asked for, counting their bytes, and stores nothing older', async () => {
    const cache = new ResponseCache();
    await cache.getOrProduce('/keep', json('k'.repeat(2000)));
    await cache.getOrProduce('/drop', json('d'.repeat(3000)));
    let release!: () => void;
    const late = cache.getOrProduce('/keep-late', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { body: 'produced before', contentType: 'application/json' };
    });
    cache.retainOnly((entry) => entry.key!.startsWith('/keep'));
    release();
    await late;
    expect(cache.get('/keep')).toBeDefined();
    expect(cache.get('/drop')).toBeUndefined();
    expect(cache.get('/keep-late'), 'produced before the change').toBeUndefined();
    expect(cache.size).toBe(1);
    expect(cache.bytesHeld).toBe(ENTRY_OVERHEAD + '/keep'.length + 2000);
  });

  it('answers but does not store a body heavier than half its bound', async () => {
    const cache = new ResponseCache(100, 10_000);
    await cache.getOrProduce('/small', json('s'.repeat(100)));
    const big = await cache.getOrProduce('/sitemap.xml', json('b'.repeat(6_000)));
    expect(big.body.length).toBe(6_000);
    expect(cache.get('/sitemap.xml')).toBeUndefined();
    expect(cache.get('/small')).toBeDefined();
  });

  it('does not keep what was produced while content changed, nor uncacheable responses', async () => {
    const cache = new ResponseCache();
    await cache.getOrProduce('/a', async () => {
      cache.clear();
      return { body: 'old', contentType: 'text/plain' };
    });
    expect(cache.get('/a')).toBeUndefined();
    await cache.getOrProduce('/404', async () => ({
      body: 'no',
      contentType: 'text/plain',
      cacheable: false,
    }));
    expect(cache.get('/404')).toBeUndefined();
  });
});

describe('isNotModified', () => {
  it('compares ETags weakly, in a list or as *, and only whole tags', () => {
    expect(isNotModified('"abc"', '"abc"')).toBe(true);
    expect(isNotModified('W/"abc"', '"abc"')).toBe(true);
    expect(isNotModified('"x", W/"abc" ,"y"', '"abc"')).toBe(true);
    expect(isNotModified('*', '"abc"')).toBe(true);
    expect(isNotModified('"abcd"', '"abc"')).toBe(false);
    expect(isNotModified('"ab", "c"', '"abc"')).toBe(false);
    expect(isNotModified(undefined, '"abc"')).toBe(false);
    expect(isNotModified('', '"abc"')).toBe(false);
  });

  it('takes the tags of the encoded forms, as a cache that stored one sends them back', () => {
    expect(isNotModified('"abc-br"', '"abc"')).toBe(true);
    expect(isNotModified('W/"abc-gz"', '"abc"')).toBe(true);
    expect(isNotModified('"abc-deflate"', '"abc"')).toBe(false);
    expect(isNotModified('"ab-br"', '"abc"')).toBe(false);
  });
});
