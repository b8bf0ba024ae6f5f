import { describe, expect, it } from 'vitest';
import type { StoredSource } from '../content.repository.js';
import type { SiteConfig } from '../../../shared/schemas/site-config.js';
import type { ParsedPost, PostSource } from '../post-file.js';
import { checkedPost, loadInOrder, sourceFor } from './parse.js';

describe('loading post files in order', () => {
  it('starts each load a fixed number of files ahead and hands them back in file order', async () => {
    const started: string[] = [];
    const loader = {
      load: async (source: PostSource) => {
        started.push(source.path);
        return { hash: `hash of ${source.path}` };
      },
    };
    const files = ['a', 'b', 'c', 'd', 'e'];
    const taken: string[] = [];
    const startedWhenTaken: number[] = [];
    for (const { path, loading } of loadInOrder(
      loader,
      files,
      (file) => ({ file, path: file }),
      2,
    )) {
      startedWhenTaken.push(started.length);
      taken.push(`${path}: ${(await loading).hash}`);
    }
    expect(taken).toEqual(files.map((f) => `${f}: hash of ${f}`));
    expect(startedWhenTaken).toEqual([2, 3, 4, 5, 5]);
  });

  it('leaves a refused load to the caller, without an unhandled rejection', async () => {
    const loader = { load: async () => Promise.reject(new Error('bad file')) };
    const [first] = [...loadInOrder(loader, ['x'], (file) => ({ file, path: file }))];
    await expect(first!.loading).rejects.toThrow('bad file');
  });
});

describe('what each file is loaded with', () => {
  const folder = {
    dir: '/content',
    categorySlugs: new Set(['news']),
    availableImages: new Set(['cover.svg']),
  };
  const existing = new Map<string, StoredSource>([
    ['posts/same.md', { slug: 'same', hash: 'h1', category: 'news', image: 'cover.svg' }],
    ['posts/moved.md', { slug: 'moved', hash: 'h2', category: 'gone', image: 'cover.svg' }],
    ['posts/lost.md', { slug: 'lost', hash: 'h3', category: 'news', image: 'lost.svg' }],
    ['posts/unhashed.md', { slug: 'unhashed', hash: null, category: 'news', image: 'cover.svg' }],
  ]);
  const sourceOf = sourceFor(folder, existing);

  it('names the file by its path in the folder and gives the stored hash of a file still valid', () => {
    expect(sourceOf('/content/posts/same.md')).toEqual({
      file: '/content/posts/same.md',
      path: 'posts/same.md',
      knownHash: 'h1',
      render: { codeThemes: { light: 'github-light-default', dark: 'github-dark-default' } },
    });
  });

  it("renders with site.yaml's code themes, GitHub's for a scheme it leaves out", () => {
    const site = { brand: { code_theme: { dark: 'dracula' } } } as SiteConfig;
    expect(sourceFor({ ...folder, site }, existing)('/content/posts/same.md').render).toEqual({
      codeThemes: { light: 'github-light-default', dark: 'dracula' },
    });
  });

  it('parses again a file whose category or cover is gone, or that is new or unhashed', () => {
    for (const name of ['moved', 'lost', 'new', 'unhashed'])
      expect(sourceOf(`/content/posts/${name}.md`).knownHash).toBeUndefined();
  });
});

describe('checking a post against the folder', () => {
  const post = { categorySlug: 'news', images: ['cover.svg'] } as ParsedPost;
  const images = new Set(['cover.svg']);

  it('takes a post whose category and images exist', () => {
    expect(checkedPost('posts/a.md', post, new Set(['news']), images)).toBe(post);
  });

  it('names every missing category and image at once', () => {
    const bad = { ...post, categorySlug: 'gossip', images: ['cover.svg', 'x.png', 'y.png'] };
    expect(() => checkedPost('posts/a.md', bad, new Set(['news']), images)).toThrow(
      /"category": "gossip" is not a category of site\.yaml.*image "x\.png" is not in images\/.*image "y\.png"/s,
    );
  });

  it('leaves the category unchecked when the site config was refused', () => {
    const elsewhere = { ...post, categorySlug: 'gossip' };
    expect(checkedPost('posts/a.md', elsewhere, null, images)).toBe(elsewhere);
  });
});
