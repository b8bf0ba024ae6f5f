import { describe, expect, it } from 'vitest';
import { isNotModified, ResponseCache } from './response-cache.js';

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
    const cache = new ResponseCache(100, 2500);
    await cache.getOrProduce('/a', json('x'.repeat(1000)));
    await cache.getOrProduce('/b', json('y'.repeat(1000)));
    expect(cache.size).toBe(2);
    const b = cache.get('/b')!;
    cache.grew(b, 1000); // as if a compressed form of 1,000 bytes was added
    expect(cache.size).toBe(1);
    expect(cache.get('/a')).toBeUndefined();
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
});
