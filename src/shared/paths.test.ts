import { describe, expect, it } from 'vitest';
import {
  API_PREFIX,
  API_ROUTES,
  apiPath,
  FEED_ROUTES,
  feedPath,
  fillPattern,
  HEALTH_ROUTES,
  imagePath,
  isApiPath,
  PAGE_ROUTES,
  pageParams,
  pagePath,
  withoutTrailingSlash,
} from './paths.js';

/** The decoded parameters of `path` (its query left aside) if it matches `pattern`, else null. */
function match(pattern: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const source = pattern
    .split(/(:[A-Za-z]+)/)
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
      names.push(part.slice(1));
      return '([^/?#]+)';
    })
    .join('');
  const found = new RegExp(`^${source}(?:\\?[^#]*)?$`).exec(path);
  if (!found) return null;
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(found[i + 1]!)]));
}

// Text a reader may search for or a stored name may hold: each must come back as it went in.
const AWKWARD = 'C++ & café/100%?#';

describe('page paths', () => {
  const cases: Array<[keyof typeof PAGE_ROUTES, string, Record<string, string>]> = [
    ['landing', pagePath.landing(), {}],
    ['resume', pagePath.resume(), {}],
    ['posts', pagePath.posts(), {}],
    ['posts', pagePath.posts({ category: 3, page: 2 }), {}],
    ['search', pagePath.search(AWKWARD), { text: AWKWARD }],
    ['search', pagePath.search('cache', 3), { text: 'cache' }],
    ['category', pagePath.category(7), { id: '7' }],
    ['category', pagePath.category(7, 2), { id: '7' }],
    ['tag', pagePath.tag('web-perf', 4), { tag: 'web-perf' }],
    ['preview', pagePath.preview('eyJh.c2ln-_'), { token: 'eyJh.c2ln-_' }],
    ['post', pagePath.post('hello-world'), { slug: 'hello-world' }],
  ];
  it.each(cases)('%s: %s matches its route pattern', (id, path, params) => {
    expect(match(PAGE_ROUTES[id], path)).toEqual(params);
  });

  it('writes the addresses the specification names, page 1 and "all" left out', () => {
    expect(pagePath.posts()).toBe('/posts');
    expect(pagePath.posts({ category: 0, page: 1 })).toBe('/posts');
    expect(pagePath.posts({ category: 3, page: 2 })).toBe('/posts?category=3&page=2');
    expect(pagePath.category(7)).toBe('/cate/7');
    expect(pagePath.category(7, 1)).toBe('/cate/7');
    expect(pagePath.category(7, 2)).toBe('/cate/7?page=2');
    expect(pagePath.search('a b/c')).toBe('/posts/a%20b%2Fc');
    expect(pagePath.tag('css', 2)).toBe('/tag/css?page=2');
    expect(pagePath.post('hello-world')).toBe('/hello-world');
    expect(pagePath.resume('contact')).toBe('/resume#contact');
  });
});

describe('pageParams', () => {
  it('gives the parameters of a page as they stand in its path', () => {
    expect(pageParams('category', '/cate/12')).toEqual({ id: '12' });
    expect(pageParams('search', pagePath.search('a b'))).toEqual({ text: 'a%20b' });
    expect(pageParams('posts', '/posts')).toEqual({});
    expect(pageParams('post', '/hello-world')).toEqual({ slug: 'hello-world' });
  });

  it("is undefined for another page's path", () => {
    expect(pageParams('category', '/cate/12/x')).toBeUndefined();
    expect(pageParams('search', '/posts')).toBeUndefined();
    expect(pageParams('post', '/tag/css')).toBeUndefined();
  });
});

describe('withoutTrailingSlash', () => {
  it('drops the trailing slashes of a path and keeps its query', () => {
    expect(withoutTrailingSlash('/posts/')).toBe('/posts');
    expect(withoutTrailingSlash('/resume//')).toBe('/resume');
    expect(withoutTrailingSlash('/posts/?page=2&category=3')).toBe('/posts?page=2&category=3');
    expect(withoutTrailingSlash('/posts/cache%2F/')).toBe('/posts/cache%2F');
    expect(withoutTrailingSlash('//')).toBe('/');
  });

  it('is undefined without a trailing slash, for the landing page, and for another host', () => {
    for (const url of [
      '/',
      '/?page=2',
      '/posts',
      '/posts?x=/',
      '//evil.example/',
      '/\\evil.example/',
    ])
      expect(withoutTrailingSlash(url), url).toBeUndefined();
  });
});

describe('API, feed and image paths', () => {
  const cases: Array<[string, string, Record<string, string>]> = [
    [API_ROUTES.posts, apiPath.posts(2), {}],
    [API_ROUTES.postsCate, apiPath.postsCate(5, 1), { categoryId: '5' }],
    [API_ROUTES.postsTag, apiPath.postsTag('css', 1), { tag: 'css' }],
    [API_ROUTES.post, apiPath.post('hello-world'), { slug: 'hello-world' }],
    [API_ROUTES.search, apiPath.search(AWKWARD, 2), { text: AWKWARD }],
    [API_ROUTES.preview, apiPath.preview('eyJh.c2ln'), { token: 'eyJh.c2ln' }],
    [API_ROUTES.site, apiPath.site(), {}],
    [API_ROUTES.postcates, apiPath.postcates(), {}],
    [API_ROUTES.tags, apiPath.tags(), {}],
    [API_ROUTES.employerCheck, apiPath.employerCheck(), {}],
    [API_ROUTES.contact, apiPath.contact(), {}],
    [FEED_ROUTES.rss, feedPath.rss(), {}],
    [FEED_ROUTES.categoryFeed, feedPath.category('news'), { slug: 'news' }],
    [FEED_ROUTES.tagFeed, feedPath.tag('css'), { slug: 'css' }],
    [FEED_ROUTES.sitemap, feedPath.sitemap(), {}],
    [FEED_ROUTES.sitemapFile, feedPath.sitemapFile('posts', 2), { file: 'posts-2' }],
  ];
  it.each(cases)('%s matches %s', (pattern, path, params) => {
    expect(match(pattern, path)).toEqual(params);
  });

  it('names the page of every API list call', () => {
    expect(apiPath.posts(1)).toBe('/api/posts?page=1');
    expect(apiPath.postsCate(5, 2)).toBe('/api/postsCate/5?page=2');
    expect(apiPath.search('a b', 1)).toBe('/api/posts/a%20b?page=1');
  });

  it('puts every API route under one prefix, and only those', () => {
    expect(API_PREFIX).toBe('/api/');
    for (const route of Object.values(API_ROUTES)) expect(isApiPath(route)).toBe(true);
    const others = [PAGE_ROUTES, FEED_ROUTES, HEALTH_ROUTES].flatMap((routes) =>
      Object.values(routes),
    );
    for (const route of others) {
      expect(isApiPath(route)).toBe(false);
    }
    // A page whose slug starts with "api" is still a page.
    expect(isApiPath(pagePath.post('api-design'))).toBe(false);
    expect(isApiPath('/api')).toBe(false);
  });

  it('names the health probes a supervisor asks', () => {
    expect(HEALTH_ROUTES).toEqual({ live: '/healthz', ready: '/readyz' });
  });

  it('puts an image under /images/', () => {
    expect(imagePath('cover.1a2b3c4d5e6f.640.webp')).toBe('/images/cover.1a2b3c4d5e6f.640.webp');
  });

  it('fills each parameter of a pattern, up to a dot', () => {
    expect(fillPattern('/feeds/:slug.xml', { slug: 'a b' })).toBe('/feeds/a%20b.xml');
    expect(fillPattern('/x/:a/y/:b', { a: 1, b: '/' })).toBe('/x/1/y/%2F');
  });
});
