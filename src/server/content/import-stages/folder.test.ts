import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  manyPosts,
  siteFixture,
  TINY_SVG,
  writeContent,
} from '../../../../test/helpers/content-fixture.js';
import { readContentFolder } from './folder.js';

describe('reading the content folder', () => {
  it('lists the post files, the images by path and the categories of site.yaml', async () => {
    const dir = writeContent({ posts: manyPosts(2, 'news') });
    mkdirSync(join(dir, 'images', 'diagrams'));
    writeFileSync(join(dir, 'images', 'diagrams', 'flow.svg'), TINY_SVG);
    writeFileSync(join(dir, 'posts', 'notes.txt'), 'not a post');
    const folder = await readContentFolder(dir);
    expect(folder.failures).toEqual([]);
    expect(folder.files.map((f) => f.slice(dir.length))).toEqual([
      '/posts/post-1.md',
      '/posts/post-2.md',
    ]);
    expect([...folder.availableImages].sort()).toEqual([
      'cover.svg',
      'diagrams/flow.svg',
      'product.svg',
    ]);
    expect([...folder.categorySlugs]).toEqual(['news', 'guides']);
    expect(folder.site?.site.title).toBe('Fixture Site');
  });

  it('reports a product image missing from images/ against site.yaml', async () => {
    const dir = writeContent({ posts: [] });
    rmSync(join(dir, 'images', 'product.svg'));
    const folder = await readContentFolder(dir);
    expect(folder.failures.map((f) => f.message)).toEqual([
      expect.stringMatching(/site\.yaml.*product image "product\.svg" is not in images\//),
    ]);
  });

  it('reports a logo or photo missing from images/, and takes a product without an image', async () => {
    const site = siteFixture({ news: 'News' });
    site.brand = { logo: 'logo.svg', photo: 'me.jpg' };
    delete site.portfolio.products![0]!.image;
    const dir = writeContent({ posts: [], site });
    const folder = await readContentFolder(dir);
    expect(folder.failures.map((f) => f.message)).toEqual([
      expect.stringMatching(/site\.yaml.*brand\.logo "logo\.svg" is not in images\//),
      expect.stringMatching(/site\.yaml.*brand\.photo "me\.jpg" is not in images\//),
    ]);
  });

  it('goes on without a site config it refused, and reports it', async () => {
    const dir = writeContent({ posts: manyPosts(1, 'news') });
    writeFileSync(join(dir, 'site.yaml'), 'site: [unclosed\n');
    const folder = await readContentFolder(dir);
    expect(folder.site).toBeNull();
    expect(folder.categorySlugs.size).toBe(0);
    expect(folder.files).toHaveLength(1);
    expect(folder.failures).toHaveLength(1);
    expect(folder.failures[0]!.message).toMatch(/site\.yaml/);
  });
});
