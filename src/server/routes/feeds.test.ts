import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHarness, type ApiHarness } from '../../../test/helpers/api-app.js';
import { manyPosts } from '../../../test/helpers/content-fixture.js';
import { ENGINES } from '../../../test/helpers/stores.js';

describe.each(ENGINES)('feeds and discovery on %s', (engine) => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await apiHarness(engine, {
      posts: [
        ...manyPosts(25, 'news', 'story'),
        {
          slug: 'a-guide',
          title: 'A <guide> & more',
          category: 'guides',
          body: 'Body',
          date: '2026-01-01',
        },
        {
          slug: 'hidden',
          title: 'Hidden',
          category: 'guides',
          body: 'Body',
          date: '2026-02-01',
          draft: true,
        },
      ],
    });
  });
  afterAll(() => h?.close());

  it('serves the newest 20 posts as RSS with escaped titles and absolute links', async () => {
    const res = await h.app.inject('/rss.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/rss+xml');
    expect(res.body.match(/<item>/g)).toHaveLength(20);
    expect(res.body).toContain('<title><![CDATA[A <guide> & more]]></title>');
    expect(res.body).toContain('<link>https://fixture.example/a-guide</link>');
    expect(res.body).not.toContain('Hidden');
  });

  it('serves a feed per category and 404 for an unknown one', async () => {
    const res = await h.app.inject('/feeds/guides.xml');
    expect(res.statusCode).toBe(200);
    expect(res.body.match(/<item>/g)).toHaveLength(1);
    expect(res.body).toContain('Guides · Fixture Site');
    const missing = await h.app.inject('/feeds/nope.xml');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
  });

  it('lists every published post in the sitemap, and robots.txt points to it', async () => {
    const sitemap = await h.app.inject('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body.match(/<url>/g)).toHaveLength(3 + 2 + 26);
    expect(sitemap.body).toContain('<loc>https://fixture.example/story-7</loc>');
    expect(sitemap.body).not.toContain('/hidden<');
    const robots = await h.app.inject('/robots.txt');
    expect(robots.body).toContain('Sitemap: https://fixture.example/sitemap.xml');
    expect(robots.body).toContain('Disallow: /api/');
  });
});
