import { describe, expect, it } from 'vitest';
import type { PostWithRelated } from '../../../shared/schemas/api.js';
import type { RouteHandle } from '../../head.js';
import type { LoaderFunctionArgs } from 'react-router';
import type { DataSource } from '../../../shared/data-source.js';
import { handle, loader } from './post-route.js';

const data: PostWithRelated = {
  post: {
    id: 7,
    title: 'A post',
    name: 'A post',
    slug: 'a-post',
    summary: 'About it',
    image: 'cover.svg',
    content: '<p>The <em>whole</em> body.</p>',
    category: { id: 2, name: 'News', slug: 'news' },
    published_at: '2025-01-02T03:04:05.000Z',
    updated_at: '2025-01-02T03:04:05.000Z',
    tags: [{ slug: 'notes', name: 'Notes' }],
    modified_at: null,
    image_alt: null,
    reading_minutes: 1,
    word_count: 3,
    toc: [],
  },
  posts: [{ name: 'Another', slug: 'another', image: 'cover.svg' }],
  previous: null,
  next: null,
};

/** A root as the server rendered it: the body inside `article.post > div.prose`. */
function rootWithBody(html: string): Element {
  return {
    querySelector: (selector: string) =>
      selector === 'article.post > div.prose' ? { innerHTML: html } : null,
  } as unknown as Element;
}

describe('the post route’s body in the page', () => {
  const html = (handle as RouteHandle).htmlInPage!;

  it('leaves the body out of the hydration data and nothing else', () => {
    const sent = html.omit(data) as { post: Record<string, unknown> };
    expect(sent.post).not.toHaveProperty('content');
    expect(JSON.stringify(sent)).not.toContain('whole');
    const { content: _content, ...rest } = data.post;
    expect(sent).toEqual({ ...data, post: rest });
  });

  it('reads the body back from the rendered page', () => {
    expect(html.restore(html.omit(data), rootWithBody(data.post.content))).toEqual(data);
  });
});

describe('the post route’s loader', () => {
  const context = (post: PostWithRelated) => ({
    data: { post: async () => post } as unknown as DataSource,
  });
  const args = (slug: string, post: PostWithRelated) =>
    ({
      params: { slug },
      context: context(post),
      request: new Request(`http://x/${slug}`),
    }) as unknown as LoaderFunctionArgs;

  it('gives the post asked for by its slug', async () => {
    await expect(loader(args('a-post', data))).resolves.toBe(data);
  });

  it('moves the address to the current slug when an old one found the post', async () => {
    const thrown = await loader(args('old-name', data)).then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(301);
    expect((thrown as Response).headers.get('location')).toBe('/a-post');
  });
});
