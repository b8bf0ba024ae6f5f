import { describe, expect, it } from 'vitest';
import { CategoriesStore } from './categories-store.js';

const news = { id: 1, name: 'News', slug: 'news', post_count: 3 };
const guides = { id: 2, name: 'Guides', slug: 'guides', post_count: 1 };

describe('CategoriesStore', () => {
  it('sets the loading flag while pending and clears it on success', async () => {
    const store = new CategoriesStore(null);
    const seen: boolean[] = [];
    store.subscribe(() => seen.push(store.getSnapshot().loading));
    await store.load(async () => [news]);
    expect(seen).toEqual([true, false]);
    expect(store.getSnapshot()).toEqual({ items: [news], loading: false, failed: false });
  });

  it('keeps the previous list when a load fails', async () => {
    const store = new CategoriesStore([news, guides]);
    await store.load(async () => {
      throw new Error('offline');
    });
    expect(store.getSnapshot()).toEqual({ items: [news, guides], loading: false, failed: true });
  });

  it('starts failed when the first load had no result, and recovers', async () => {
    const store = new CategoriesStore(null);
    expect(store.getSnapshot().failed).toBe(true);
    await store.load(async () => [guides]);
    expect(store.getSnapshot().items).toEqual([guides]);
  });
});
