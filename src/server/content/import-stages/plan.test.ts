import { describe, expect, it } from 'vitest';
import type { StoredSource } from '../content.repository.js';
import { ContentFileError } from '../post-file.js';
import { ImportPlan } from './plan.js';

const stored = (slug: string): StoredSource => ({
  slug,
  hash: `hash-${slug}`,
  category: 'news',
  image: 'cover.svg',
});

/** The store holds two files' posts and one post no file wrote. */
const planOverStore = () =>
  new ImportPlan(
    new Map([
      ['posts/a.md', stored('a')],
      ['posts/b.md', stored('b')],
    ]),
    new Set(['a', 'b', 'by-hand']),
  );

describe('the import plan', () => {
  it('counts a skipped file as unchanged and keeps its stored slug', () => {
    const plan = planOverStore();
    expect(plan.keep('posts/a.md')).toBe('a');
    expect([plan.created, plan.updated, plan.unchanged, plan.written]).toEqual([0, 0, 1, 0]);
  });

  it('refuses to skip a file the store holds nothing of', () => {
    expect(() => planOverStore().keep('posts/new.md')).toThrow(/holds no post/);
  });

  it('creates a post of a new slug and updates one of a stored slug', () => {
    const plan = planOverStore();
    expect(plan.write('fresh', false)).toBe('created');
    expect(plan.write('b', false)).toBe('updated');
    expect(plan.write('by-hand', false)).toBe('updated');
    expect([plan.created, plan.updated, plan.written]).toEqual([1, 2, 3]);
  });

  it('updates a renamed post in place although its new slug is new', () => {
    const plan = planOverStore();
    expect(plan.storedSlug('posts/a.md')).toBe('a');
    expect(plan.storedSlug('posts/new.md')).toBeUndefined();
    expect(plan.write('a-renamed', true)).toBe('updated');
  });

  it('refuses a slug that another file of the folder holds, naming that file', () => {
    const plan = planOverStore();
    plan.claim('a', 'posts/a.md');
    const twin = () => plan.claim('a', 'posts/copy.md');
    expect(twin).toThrow(ContentFileError);
    expect(twin).toThrow(/slug "a" is already used by posts\/a\.md/);
    expect([...plan.slugs]).toEqual([['a', 'posts/a.md']]);
  });

  it('removes, with prune, every stored slug that no file of the folder claimed', () => {
    const plan = planOverStore();
    plan.claim('a', 'posts/a.md');
    plan.claim('fresh', 'posts/fresh.md');
    expect(plan.removals(['a', 'b', 'by-hand', 'fresh'])).toEqual(['b', 'by-hand']);
  });
});
