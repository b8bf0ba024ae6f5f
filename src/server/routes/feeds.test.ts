import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHarness, type ApiHarness } from '../../../test/helpers/api-app.js';
import { manyPosts } from '../../../test/helpers/content-fixture.js';
import { ENGINES } from '../../../test/helpers/stores.js';
import { renderRss } from './feeds/rss.js';
import { apiPath, FEED_ROUTES, feedPath } from '../../shared/paths.js';

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: Array<XmlElement | string>;
}

/**
 * Parses with saxes, a conformant parser: unlike lenient parsers it rejects `]]>` in text,
 * stray `&`, forbidden characters and unbound prefixes, so passing means well-formed.
 */
function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlElement[] = [{ name: '#document', attributes: {}, children: [] }];
  const top = () => stack[stack.length - 1]!;
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    const attributes = Object.fromEntries(
      Object.values(tag.attributes).map((a) => [a.name, a.value]),
    );
    const element: XmlElement = { name: tag.name, attributes, children: [] };
    top().children.push(element);
    stack.push(element);
  });
  parser.on('closetag', () => void stack.pop());
  parser.on('text', (text) => void top().children.push(text));
  parser.on('cdata', (text) => void top().children.push(text));
  parser.write(xml).close();
  return stack[0]!;
}

const textOf = (element: XmlElement): string =>
  element.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('');

function elements(root: XmlElement, name?: string): XmlElement[] {
  const found: XmlElement[] = [];
  const walk = (e: XmlElement) => {
    for (const child of e.children)
      if (typeof child !== 'string') {
        if (!name || child.name === name) found.push(child);
        walk(child);
      }
  };
  walk(root);
  return found;
}

const child = (element: XmlElement, name: string): XmlElement => {
  const found = element.children.find(
    (c): c is XmlElement => typeof c !== 'string' && c.name === name,
  );
  if (!found) throw new Error(`<${element.name}> has no <${name}>`);
  return found;
};

/** What an HTML renderer shows for the entity-escaped text the feed's descriptions hold. */
const unescapeHtml = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** Raw strings a feed must carry as text, never as markup or a CDATA boundary. */
const HOSTILE = {
  title: 'a]]>b]]><script>alert(1)</script>',
  // Entity-like text must stay text too: one decode by the reader gives back these characters.
  imgTitle: `<img src=x onerror=alert(1)> &lt;img src=x&gt; &amp; & "double" 'single' ]]>]]>`,
  summary: `<img src=x onerror=alert(1)> <script>alert(2)</script> & "q" 'q' ]]>]]>`,
  category: `<b onmouseover="alert(3)">Bold</b> & Co ]]>`,
};

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
          updated: '2026-01-20',
        },
        {
          slug: 'with-links',
          title: 'With links',
          category: 'guides',
          body: [
            '![A drawing](cover.svg)',
            'See [the guide](/a-guide), [below](#more), [a tag](tag/x) and [elsewhere](https://other.example/x?a=1&b=2), or [write](mailto:me@fixture.example).',
            '## More',
            'Text.',
          ].join('\n\n'),
          date: '2025-12-01',
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
    const res = await h.app.inject(feedPath.rss());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/rss+xml');
    expect(res.body.match(/<item>/g)).toHaveLength(20);
    expect(res.body).toContain('<title>A &lt;guide&gt; &amp; more</title>');
    expect(res.body).not.toContain('CDATA');
    expect(res.body).toContain('<link>https://fixture.example/a-guide</link>');
    expect(res.body).not.toContain('Hidden');
  });

  it('lets a browser that renders a feed or the sitemap run and load nothing from it', async () => {
    for (const path of [
      feedPath.rss(),
      feedPath.category('guides'),
      feedPath.sitemap(),
      FEED_ROUTES.robots,
    ]) {
      const res = await h.app.inject(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-security-policy'], path).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
    }
    // Pages keep their own policy, scripts from the site included.
    const page = await h.app.inject('/');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('serves a feed per category and 404 for an unknown one', async () => {
    const res = await h.app.inject(feedPath.category('guides'));
    expect(res.statusCode).toBe(200);
    expect(res.body.match(/<item>/g)).toHaveLength(2);
    expect(res.body).toContain('Guides · Fixture Site');
    const missing = await h.app.inject(feedPath.category('nope'));
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('text/html');
    expect(missing.body).toContain('Page not found');
  });

  it('gives feed readers absolute URLs for the images and links of an item', async () => {
    const root = parseXml((await h.app.inject(feedPath.category('guides'))).body);
    const entry = elements(root, 'item').find(
      (i) => textOf(child(i, 'link')) === 'https://fixture.example/with-links',
    )!;
    const html = textOf(child(entry, 'content:encoded'));
    const urls = [...html.matchAll(/\s(?:src|href|srcset)="([^"]*)"/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThanOrEqual(7);
    for (const url of urls) expect(url, html).toMatch(/^(https:\/\/|mailto:)/);
    expect(html).toContain('src="https://fixture.example/images/');
    expect(html).toContain('href="https://fixture.example/a-guide"');
    expect(html).toContain('href="https://fixture.example/tag/x"');
    expect(html).toContain('href="https://fixture.example/with-links#user-content-more"');
    expect(html).toContain('href="https://other.example/x?a=1&amp;b=2"');
    expect(html).toContain('href="mailto:me@fixture.example"');
    // The post itself keeps its site-relative URLs.
    const { post } = (await h.app.inject(apiPath.post('with-links'))).json<{
      post: { content: string };
    }>();
    expect(post.content).toContain('href="/a-guide"');
  });

  it('makes /sitemap.xml an index of files that list every published post once', async () => {
    const res = await h.app.inject(feedPath.sitemap());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const index = child(parseXml(res.body), 'sitemapindex');
    expect(index.attributes.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const files = elements(index, 'sitemap').map((s) => textOf(child(s, 'loc')));
    // No tag is carried by any post here, so there is no file of tags.
    expect(files).toEqual([
      'https://fixture.example/sitemap-pages-1.xml',
      'https://fixture.example/sitemap-posts-1.xml',
    ]);

    const urlsOf = async (url: string) => {
      const file = await h.app.inject(new URL(url).pathname);
      expect(file.statusCode, url).toBe(200);
      expect(file.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      return elements(child(parseXml(file.body), 'urlset'), 'url').map((u) => ({
        loc: textOf(child(u, 'loc')),
        lastmod: u.children.some((c) => typeof c !== 'string' && c.name === 'lastmod')
          ? textOf(child(u, 'lastmod'))
          : undefined,
      }));
    };
    const pages = await urlsOf(files[0]!);
    expect(pages.map((u) => u.loc)).toEqual([
      'https://fixture.example/',
      'https://fixture.example/posts',
      'https://fixture.example/resume',
      'https://fixture.example/cate/1',
      'https://fixture.example/cate/2',
    ]);
    const posts = await urlsOf(files[1]!);
    expect(posts).toHaveLength(27);
    expect(new Set(posts.map((u) => u.loc)).size).toBe(27);
    expect(posts.map((u) => u.loc)).toContain('https://fixture.example/story-7');
    expect(posts.map((u) => u.loc)).not.toContain('https://fixture.example/hidden');
    // Oldest first, so that a new post joins the last file.
    expect(posts[0]!.loc).toBe('https://fixture.example/story-1');
    expect(posts.at(-1)!.loc).toBe('https://fixture.example/a-guide');

    // lastmod is the post's own date of change (its `updated`, else its date), as its page's
    // structured data says; not the day it was imported.
    const lastmod = (slug: string) =>
      posts.find((u) => u.loc === `https://fixture.example/${slug}`)!.lastmod;
    const stored = async (slug: string) =>
      (await h.app.inject(apiPath.post(slug))).json<{
        post: { published_at: string; modified_at: string | null };
      }>().post;
    const guide = await stored('a-guide');
    expect(guide.modified_at).toMatch(/^2026-01-20T/);
    expect(lastmod('a-guide')).toBe(guide.modified_at);
    const story = await stored('story-7');
    expect(story.modified_at).toBeNull();
    expect(story.published_at).toMatch(/^2025-01-07T/);
    expect(lastmod('story-7')).toBe(story.published_at);
  });

  it('answers 404 for a sitemap file the index does not list', async () => {
    for (const name of [
      'posts-2',
      'tags-1',
      'pages-2',
      'posts-0',
      'nope-1',
      'posts-01',
      'x'.repeat(300),
    ]) {
      const res = await h.app.inject(`/sitemap-${name}.xml`);
      expect(res.statusCode, name).toBe(404);
    }
  });

  it('names the sitemap index in robots.txt', async () => {
    const robots = await h.app.inject(FEED_ROUTES.robots);
    expect(robots.body).toContain('Sitemap: https://fixture.example/sitemap.xml');
    expect(robots.body).toContain('Disallow: /api/');
  });
});

describe.each(ENGINES)('feeds with hostile titles and summaries on %s', (engine) => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await apiHarness(engine, {
      categories: { news: 'News', marked: HOSTILE.category },
      posts: [
        {
          slug: 'cdata-break',
          title: HOSTILE.title,
          summary: HOSTILE.summary,
          category: 'marked',
          body: 'Text ]]> more ]]> end & <b>bold</b> `<script>`\n\n<script>alert(4)</script>',
          date: '2026-03-01',
        },
        {
          slug: 'img-title',
          title: HOSTILE.imgTitle,
          summary: HOSTILE.summary,
          category: 'news',
          body: 'Plain body',
          date: '2026-03-02',
        },
      ],
    });
  });
  afterAll(() => h?.close());

  const item = (root: XmlElement, slug: string) => {
    const found = elements(root, 'item').find(
      (i) => textOf(child(i, 'link')) === `https://fixture.example/${slug}`,
    );
    if (!found) throw new Error(`no item for ${slug}`);
    return found;
  };

  it('keeps every title, summary and category as text in a well-formed feed', async () => {
    const res = await h.app.inject(feedPath.rss());
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/<(script|img|b)\b/);
    const root = parseXml(res.body);
    const names = new Set(elements(root).map((e) => e.name));
    for (const markup of ['script', 'img', 'b']) expect(names).not.toContain(markup);

    const broken = item(root, 'cdata-break');
    expect(textOf(child(broken, 'title'))).toBe(HOSTILE.title);
    expect(textOf(child(broken, 'category'))).toBe(HOSTILE.category);
    expect(textOf(child(item(root, 'img-title'), 'title'))).toBe(HOSTILE.imgTitle);

    // Readers render <description> as HTML: the escaped summary must render as the plain text.
    const description = textOf(child(broken, 'description'));
    expect(description).not.toMatch(/[<>]/);
    expect(unescapeHtml(description)).toBe(HOSTILE.summary);
  });

  it('carries the sanitized HTML content entity-escaped, exactly as stored', async () => {
    const root = parseXml((await h.app.inject(feedPath.rss())).body);
    const stored = await h.test.store.db
      .selectFrom('posts')
      .select('content_html')
      .where('slug', '=', 'cdata-break')
      .executeTakeFirstOrThrow();
    const content = textOf(child(item(root, 'cdata-break'), 'content:encoded'));
    expect(content).toBe(stored.content_html);
    expect(content).toContain('<b>bold</b>');
    expect(content).toContain('&lt;script&gt;');
    expect(content).not.toContain('<script');
  });

  it('escapes a category name with markup in the category feed', async () => {
    const res = await h.app.inject(feedPath.category('marked'));
    expect(res.statusCode).toBe(200);
    const channel = child(child(parseXml(res.body), 'rss'), 'channel');
    expect(textOf(child(channel, 'title'))).toBe(`${HOSTILE.category} · Fixture Site`);
    expect(elements(channel, 'item')).toHaveLength(1);
  });
});

describe('renderRss', () => {
  const channel = {
    title: `Site ]]> <script>x</script> & "t"`,
    description: `<img src=x onerror=alert(1)> ]]>]]>`,
    language: 'en',
    author: `O'Brien & <Sons>`,
    link: 'https://site.example/posts',
    self: 'https://site.example/rss.xml',
    base: 'https://site.example',
  };
  const post = {
    title: 'Bell\u0007 and lone \uD800 surrogate',
    slug: 'p',
    summary: 'S\u0000ummary',
    image: 'cover image.jpg',
    content_html: '<p>x]]>y</p>',
    published_at: '2026-01-02T00:00:00.000Z',
    updated_at: '2026-01-03T00:00:00.000Z',
    category_name: 'C\uFFFEat',
  };

  it('escapes the channel fields taken from the site config', async () => {
    const channelEl = child(child(parseXml(await renderRss(channel, [])), 'rss'), 'channel');
    expect(textOf(child(channelEl, 'title'))).toBe(channel.title);
    expect(textOf(child(channelEl, 'description'))).toBe(channel.description);
    expect(textOf(child(channelEl, 'copyright'))).toBe(`© ${channel.author}`);
    expect(elements(channelEl, 'item')).toHaveLength(0);
  });

  it('drops characters XML cannot carry instead of breaking the document', async () => {
    const root = parseXml(await renderRss(channel, [post]));
    const [entry] = elements(root, 'item');
    expect(textOf(child(entry!, 'title'))).toBe('Bell and lone  surrogate');
    expect(textOf(child(entry!, 'description'))).toBe('Summary');
    expect(textOf(child(entry!, 'category'))).toBe('Cat');
    // The HTML a reader renders is the same: its `>` in text comes back escaped.
    expect(textOf(child(entry!, 'content:encoded'))).toBe('<p>x]]&gt;y</p>');
    expect(child(entry!, 'enclosure').attributes).toMatchObject({
      url: 'https://site.example/images/cover%20image.jpg',
      type: 'image/jpeg',
    });
    expect(textOf(child(child(root, 'rss'), 'channel'))).toContain('Sat, 03 Jan 2026 00:00:00 GMT');
  });
});
