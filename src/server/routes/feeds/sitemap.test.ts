import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { SLUG_MAX } from '../../../shared/slugs.js';
import {
  parseSitemapFile,
  renderSitemapIndex,
  renderUrlset,
  SITEMAP_MAX_BYTES,
  SITEMAP_MAX_URLS,
  sitemapFiles,
  urlsPerFile,
} from './sitemap.js';

/** The text of every `<name>` element, read by a conformant parser (throws when not well-formed). */
function textsOf(xml: string, name: string): string[] {
  const parser = new SaxesParser({ xmlns: true });
  const found: string[] = [];
  let inside = false;
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    inside = tag.local === name;
    if (inside) found.push('');
  });
  parser.on('closetag', () => void (inside = false));
  parser.on('text', (text) => {
    if (inside) found[found.length - 1] += text;
  });
  parser.write(xml).close();
  return found;
}

describe('sitemap files', () => {
  it('cuts each kind into files of at most the number a file holds', () => {
    expect(sitemapFiles({ pages: 5, tags: 0, posts: 100_003 }, 50_000)).toEqual([
      { kind: 'pages', number: 1 },
      { kind: 'posts', number: 1 },
      { kind: 'posts', number: 2 },
      { kind: 'posts', number: 3 },
    ]);
    expect(sitemapFiles({ pages: 3, tags: 50_000, posts: 50_000 }, 50_000)).toEqual([
      { kind: 'pages', number: 1 },
      { kind: 'tags', number: 1 },
      { kind: 'posts', number: 1 },
    ]);
  });

  it('reads a file name back only as a file the index could list', () => {
    expect(parseSitemapFile('posts-12')).toEqual({ kind: 'posts', number: 12 });
    expect(parseSitemapFile('pages-1')).toEqual({ kind: 'pages', number: 1 });
    for (const name of ['posts-0', 'posts-01', 'posts', 'post-1', 'posts-1-2', 'posts-1x'])
      expect(parseSitemapFile(name), name).toBeUndefined();
  });

  it('holds 50,000 URLs a file, fewer when 50,000 of the longest would pass 50 MB', async () => {
    expect(urlsPerFile('https://site.example')).toBe(SITEMAP_MAX_URLS);
    const long = `https://${'a'.repeat(1_500)}.example`;
    const perFile = urlsPerFile(long);
    expect(perFile).toBeLessThan(SITEMAP_MAX_URLS);
    // A file of the longest URLs the site can have, with the longest dates, stays within 50 MB.
    const longest = {
      path: `/tag/${'x'.repeat(SLUG_MAX)}`,
      lastmod: '2026-01-01T00:00:00.000+05:00',
    };
    const xml = await renderUrlset(long, [Array.from({ length: perFile }, () => longest)]);
    expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(SITEMAP_MAX_BYTES);
    expect(Buffer.byteLength(xml)).toBeGreaterThan(SITEMAP_MAX_BYTES * 0.9);
  });
});

describe('sitemap XML', () => {
  it('writes an index naming each file, and files whose text is escaped', async () => {
    const index = renderSitemapIndex('https://site.example', [
      { kind: 'pages', number: 1 },
      { kind: 'posts', number: 2 },
    ]);
    expect(textsOf(index, 'loc')).toEqual([
      'https://site.example/sitemap-pages-1.xml',
      'https://site.example/sitemap-posts-2.xml',
    ]);
    async function* batches() {
      yield [{ path: '/a?x=1&y=<2>' }];
      yield [{ path: '/b', lastmod: '2017-03-01T00:00:00.000Z' }];
    }
    const urlset = await renderUrlset('https://site.example', batches());
    expect(textsOf(urlset, 'loc')).toEqual([
      'https://site.example/a?x=1&y=<2>',
      'https://site.example/b',
    ]);
    expect(textsOf(urlset, 'lastmod')).toEqual(['2017-03-01T00:00:00.000Z']);
  });
});
