import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHarness, type ApiHarness } from '../../../test/helpers/api-app.js';
import { manyPosts } from '../../../test/helpers/content-fixture.js';
import { ENGINES } from '../../../test/helpers/stores.js';
import { renderRss } from './feeds/rss.js';
import { FEED_ROUTES, feedPath } from '../../shared/paths.js';

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
    expect(res.body.match(/<item>/g)).toHaveLength(1);
    expect(res.body).toContain('Guides · Fixture Site');
    const missing = await h.app.inject(feedPath.category('nope'));
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('text/html');
    expect(missing.body).toContain('Page not found');
  });

  it('lists every published post in the sitemap, and robots.txt points to it', async () => {
    const sitemap = await h.app.inject(feedPath.sitemap());
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body.match(/<url>/g)).toHaveLength(3 + 2 + 26);
    expect(sitemap.body).toContain('<loc>https://fixture.example/story-7</loc>');
    expect(sitemap.body).not.toContain('/hidden<');
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
    expect(textOf(child(entry!, 'content:encoded'))).toBe('<p>x]]>y</p>');
    expect(child(entry!, 'enclosure').attributes).toMatchObject({
      url: 'https://site.example/images/cover%20image.jpg',
      type: 'image/jpeg',
    });
    expect(textOf(child(child(root, 'rss'), 'channel'))).toContain('Sat, 03 Jan 2026 00:00:00 GMT');
  });
});
