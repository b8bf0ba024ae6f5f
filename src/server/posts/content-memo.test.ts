import { describe, expect, it } from 'vitest';
import { ContentMemo } from './content-memo.js';

describe('ContentMemo', () => {
  it('computes a key once for concurrent askers and keeps it until cleared', async () => {
    const memo = new ContentMemo<string, number>();
    let computed = 0;
    const compute = async () => ++computed;
    expect(await Promise.all([memo.get('a', compute), memo.get('a', compute)])).toEqual([1, 1]);
    expect(await memo.get('a', compute)).toBe(1);
    memo.clear();
    expect(await memo.get('a', compute)).toBe(2);
  });

  it('does not keep a failed computation', async () => {
    const memo = new ContentMemo<string, number>();
    await expect(memo.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memo.get('a', async () => 7)).toBe(7);
  });

  it('with a limit, the value kept longest makes room for a new one', async () => {
    const memo = new ContentMemo<number, number>(2);
    const computed: number[] = [];
    const compute = (key: number) => async () => (computed.push(key), key * 10);
    for (const key of [1, 2, 3]) await memo.get(key, compute(key));
    await memo.get(3, compute(3));
    await memo.get(2, compute(2));
    await memo.get(1, compute(1));
    expect(computed).toEqual([1, 2, 3, 1]);
  });
});
