import { describe, expect, it } from 'vitest';
import { postFile } from '../../../test/helpers/content-fixture.js';
import { ContentFileError, parsePostFile } from './post-file.js';

const post = (front: { tags?: string[]; updated?: string; image_alt?: string }) =>
  postFile({
    slug: 'otters',
    title: 'Otters',
    category: 'news',
    body: 'Otters hold hands.',
    date: '2024-03-01T12:00:00Z',
    ...front,
  });

const problemsOf = (raw: string) => {
  try {
    parsePostFile('posts/otters.md', raw);
  } catch (error) {
    if (error instanceof ContentFileError) return error.message;
    throw error;
  }
  return '';
};

describe('tags, updated and image_alt of the front matter', () => {
  it('keeps tags in their order with a slug each, the revision date and the cover text', () => {
    const parsed = parsePostFile(
      'posts/otters.md',
      post({
        tags: ['  Web   Performance ', 'C#', 'Ünïcode tag'],
        updated: '2024-03-02 08:30',
        image_alt: ' Two otters ',
      }),
    );
    expect(parsed.tags).toEqual([
      { slug: 'web-performance', name: 'Web Performance' },
      { slug: 'c', name: 'C#' },
      { slug: 'unicode-tag', name: 'Ünïcode tag' },
    ]);
    expect(parsed.updatedAt).toBe('2024-03-02T08:30:00.000Z');
    expect(parsed.imageAlt).toBe('Two otters');
    const bare = parsePostFile('posts/otters.md', post({}));
    expect(bare).toMatchObject({ tags: [], updatedAt: null, imageAlt: null });
  });

  it('refuses tags without a URL, the same tag twice, too many and too long, by line', () => {
    const raw = post({ tags: ['Otters', '!!!', 'otters'] });
    const message = problemsOf(raw);
    const lineOf = (text: string) => raw.split('\n').findIndex((l) => l.includes(text)) + 1;
    expect(message).toContain(
      `posts/otters.md:${lineOf('!!!')}: tag "!!!" has no letter or digit (a-z, 0-9) to make its URL from`,
    );
    expect(message).toContain(
      `posts/otters.md:${lineOf('- otters')}: tag "otters" is the same tag as "Otters"; keep one`,
    );
    expect(problemsOf(post({ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }))).toMatch(
      /tags/,
    );
    expect(problemsOf(post({ tags: ['x'.repeat(41)] }))).toMatch(/tags/);
    expect(problemsOf(post({ tags: ['  '] }))).toMatch(/tags/);
  });

  it('refuses an updated date that is no date, no real day, or before the post was published', () => {
    expect(problemsOf(post({ updated: 'soon' }))).toMatch(/updated/);
    expect(problemsOf(post({ updated: '2024-02-31' }))).toContain(
      'updated "2024-02-31" is not a real date or time',
    );
    expect(problemsOf(post({ updated: '2024-03-01T11:59:00Z' }))).toContain(
      'updated "2024-03-01T11:59:00Z" is before the post\'s date',
    );
    expect(problemsOf(post({ updated: '2024-03-01T12:00:00Z' }))).toBe('');
  });
});
