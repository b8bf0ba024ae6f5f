import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonLdOf } from '../../../test/helpers/json-ld.js';
import { ENGINES } from '../../../test/helpers/stores.js';
import { webHarness, type WebHarness } from '../../../test/helpers/web-app.js';
import { apiPath, feedPath, pagePath } from '../../shared/paths.js';
import { NO_IMAGE } from '../../shared/post-image.js';

const POSTS = [
  {
    slug: 'bare-notes',
    title: 'Bare notes',
    category: 'news',
    body: 'No cover.',
    date: '2025-02-02',
    image: null,
  },
  {
    slug: 'with-cover',
    title: 'With cover',
    category: 'news',
    body: 'A cover.',
    date: '2025-02-01',
  },
];

/** The <article class="card"> of `html` whose title is `title`. */
function cardOf(html: string, title: string): string {
  const cards = html.split('<article class="card">').slice(1);
  const card = cards.find((part) => part.includes(`<h2 class="card__title">${title}</h2>`));
  expect(card, title).toBeDefined();
  return card!.slice(0, card!.indexOf('</article>'));
}

describe.each(ENGINES)('a post whose front matter names no image, on %s', (engine) => {
  let h: WebHarness;
  const get = async (url: string) => {
    const response = await h.app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    return response;
  };

  beforeAll(async () => {
    h = await webHarness(engine, { posts: POSTS });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('is imported, and its card and detail give an empty image', async () => {
    const cards = (await get(apiPath.posts(1))).json<{
      data: Array<{ slug: string; image: string }>;
    }>();
    expect(cards.data.find((card) => card.slug === 'bare-notes')?.image).toBe(NO_IMAGE);
    expect(cards.data.find((card) => card.slug === 'with-cover')?.image).toBe('cover.svg');
    const detail = (await get(apiPath.post('bare-notes'))).json<{ post: { image: string } }>();
    expect(detail.post.image).toBe(NO_IMAGE);
  });

  it('shows a tile of the initials in its card, in a link named by the post', async () => {
    const html = (await get(pagePath.posts())).body;
    const bare = cardOf(html, 'Bare notes');
    const link = /<a\b([^>]*)>(.*?)<\/a>/.exec(bare);
    expect(link?.[1]).toContain('href="/bare-notes"');
    expect(link?.[1]).toContain('aria-label="Bare notes"');
    expect(link?.[2]).toMatch(
      /^<div class="image-placeholder image-placeholder--[0-3]" aria-hidden="true"><span>Bn<\/span><\/div>$/,
    );
    expect(bare).not.toContain('<img');
    expect(cardOf(html, 'With cover')).toMatch(/<img[^>]*alt="With cover"/);
  });

  it('has no cover on its page, and shares the card drawn from its title', async () => {
    const html = (await get(pagePath.post('bare-notes'))).body;
    expect(html).not.toContain('class="post-cover"');
    const ogImage = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(ogImage).toMatch(/\.png$/);
    const shared = await h.app.inject({ method: 'GET', url: new URL(ogImage!).pathname });
    expect(shared.statusCode).toBe(200);
    expect(shared.headers['content-type']).toBe('image/png');
    const posting = jsonLdOf(html).find((item) => item['@type'] === 'BlogPosting');
    expect(posting?.image).toEqual([ogImage]);
  });

  it('has no enclosure in the RSS feed, while a post with a cover keeps its own', async () => {
    const rss = (await get(feedPath.rss())).body;
    const items = rss.split('<item>').slice(1);
    const bare = items.find((item) => item.includes('/bare-notes</link>'));
    const covered = items.find((item) => item.includes('/with-cover</link>'));
    expect(bare).toBeDefined();
    expect(bare).not.toContain('<enclosure');
    expect(covered).toContain('<enclosure url="');
  });
});
