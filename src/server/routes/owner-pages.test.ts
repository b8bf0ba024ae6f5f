import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANDED_IMAGES, brandedSite, siteFixture } from '../../../test/helpers/content-fixture.js';
import { expectValidJsonLd, jsonLdOf } from '../../../test/helpers/json-ld.js';
import { ENGINES } from '../../../test/helpers/stores.js';
import { webHarness, type WebHarness } from '../../../test/helpers/web-app.js';
import { pagePath } from '../../shared/paths.js';

const POSTS = [
  {
    slug: 'first-post',
    title: 'First post',
    category: 'news',
    body: 'Hello.',
    date: '2025-02-01',
  },
];
const PROFILES = [
  'https://github.com/fixture-author',
  'https://social.example/@fixture',
  'https://www.linkedin.com/in/fixture-author',
];

/** The text of the first element of `html` whose class list has `name`, tags stripped. */
function partOf(html: string, tag: string, name: string): string {
  const open = new RegExp(`<${tag}\\b[^>]*class="[^"]*\\b${name}\\b[^"]*"[^>]*>`).exec(html);
  expect(open, `<${tag} class="${name}">`).not.toBeNull();
  const close = html.indexOf(`</${tag}>`, open!.index);
  return html.slice(open!.index, close + tag.length + 3);
}

/** Each <a> of `html`: its attributes and its text. */
function anchors(html: string) {
  return [...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)].map(([, attributes, inner]) => ({
    href: /href="([^"]*)"/.exec(attributes!)?.[1],
    rel: /rel="([^"]*)"/.exec(attributes!)?.[1],
    inApp: /data-in-app/.test(attributes!),
    text: inner!.replace(/<[^>]+>/g, ''),
    icon: /<svg[^>]*aria-hidden="true"[^>]*><use href="#icon-[a-z]+"/.test(inner!),
  }));
}

describe.each(ENGINES)('the owner’s identity in the pages on %s', (engine) => {
  let branded: WebHarness;
  let plain: WebHarness;
  const page = async (harness: WebHarness, url: string) => {
    const response = await harness.app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    branded = await webHarness(engine, {
      posts: POSTS,
      site: brandedSite(siteFixture({ news: 'News', guides: 'Guides' })),
      images: BRANDED_IMAGES,
    });
    plain = await webHarness(engine, { posts: POSTS });
  });
  afterAll(async () => {
    await branded?.close();
    await plain?.close();
  });

  it('every page’s footer lists the links, named, with icons, rel=me on the profiles', async () => {
    for (const path of ['/', pagePath.posts(), '/first-post', pagePath.resume()]) {
      const html = await page(branded, path);
      expect(html.match(/<footer\b[^>]*class="site-footer/g), path).toHaveLength(1);
      const links = anchors(partOf(html, 'ul', 'owner-links'));
      expect(
        links.map((link) => [link.text, link.href, link.rel]),
        path,
      ).toEqual([
        ['GitHub', PROFILES[0], 'me noopener'],
        ['Mastodon', PROFILES[1], 'me noopener'],
        ['LinkedIn', PROFILES[2], 'me noopener'],
        ['Email', 'mailto:author@fixture.example', undefined],
        ['Subscribe', '/rss.xml', undefined],
      ]);
      expect(links.every((link) => link.icon)).toBe(true);
      // Each icon a list draws is in the page once, however many lists draw it.
      for (const kind of ['github', 'mastodon', 'linkedin', 'email', 'rss'])
        expect(html.match(new RegExp(`<symbol id="icon-${kind}"`, 'g')), kind).toHaveLength(1);
      // The CSP allows no style attribute: the brand is classes alone.
      expect(html).not.toMatch(/<[^>]+\sstyle=/);
    }
  });

  it('names the Mastodon account in every page’s head', async () => {
    for (const path of ['/', pagePath.posts(), '/first-post', pagePath.resume()])
      expect(await page(branded, path), path).toContain(
        '<meta name="fediverse:creator" content="@fixture@social.example">',
      );
    expect(await page(plain, '/')).not.toContain('fediverse:creator');
  });

  it('lists the profiles as sameAs of the Person on /resume and of a post’s author', async () => {
    const person = jsonLdOf(await page(branded, pagePath.resume()))[0]!;
    expectValidJsonLd(person, 'https://fixture.example');
    expect(person.sameAs).toEqual(PROFILES);
    const [posting] = jsonLdOf(await page(branded, '/first-post'));
    expectValidJsonLd(posting!, 'https://fixture.example');
    expect((posting!.author as { sameAs: string[] }).sameAs).toEqual(PROFILES);
    expect(jsonLdOf(await page(plain, pagePath.resume()))[0]).not.toHaveProperty('sameAs');
  });

  it('shows the logo in the top bar, named by the site’s title; else the author’s initials', async () => {
    const logo = partOf(await page(branded, pagePath.posts()), 'a', 'top-bar__logo');
    expect(logo).toMatch(/<img[^>]*src="\/images\/logo\.[0-9a-f]+\.svg"[^>]*alt=""/);
    expect(logo.replace(/<[^>]+>/g, '')).toBe('Fixture Site');
    const monogram = partOf(await page(plain, pagePath.posts()), 'a', 'top-bar__logo');
    expect(monogram).not.toContain('<img');
    expect(monogram).toMatch(/aria-hidden="true">TA</);
  });

  it('adds the owner’s entries to the top bar: pages of the site in the app, others plain', async () => {
    const html = await page(branded, '/first-post');
    const nav = /<nav aria-label="Site">[\s\S]*?<\/nav>/.exec(html);
    expect(nav).not.toBeNull();
    const entries = anchors(nav![0]);
    expect(entries.map(({ text, href, rel, inApp }) => [text, href, rel, inApp])).toEqual([
      ['About me', '/resume', undefined, true],
      ['Talks', 'https://talks.example/fixture', 'noopener', false],
    ]);
    expect(await page(plain, '/first-post')).not.toContain('aria-label="Site"');
  });

  it('closes a post with the author box: photo sized and lazy, name, role, links', async () => {
    const box = partOf(await page(branded, '/first-post'), 'footer', 'author-box');
    const photo = /<img[^>]*>/.exec(box)![0];
    expect(photo).toMatch(/src="\/images\/portrait\.[0-9a-f]+\.svg"/);
    expect(photo).toMatch(/width="600"/);
    expect(photo).toMatch(/height="600"/);
    expect(photo).toMatch(/loading="lazy"/);
    expect(box).toContain('Test Author');
    expect(box).toContain('Tester');
    expect(anchors(box).map((link) => link.text)).toEqual([
      'GitHub',
      'Mastodon',
      'LinkedIn',
      'Email',
      'Subscribe',
    ]);
    const initials = partOf(await page(plain, '/first-post'), 'footer', 'author-box');
    expect(initials).not.toContain('<img');
    expect(initials).toContain('>TA</span>');
  });

  it('draws a product without an image as a tile of its initials, beside those with one', async () => {
    const products = partOf(await page(branded, pagePath.resume()), 'ul', 'resume-products');
    expect(products.match(/<img\b/g)).toHaveLength(1);
    expect(products).toMatch(
      /<div class="image-placeholder image-placeholder--[0-3] resume-product__image" aria-hidden="true"><span>QT<\/span><\/div>/,
    );
    expect(products).toContain('Quiet Tool');
  });

  it('shows the photo and the links in the /resume hero', async () => {
    const hero = partOf(await page(branded, pagePath.resume()), 'section', 'resume-hero');
    expect(hero).toMatch(/<img[^>]*alt="Photo of Test Author"[^>]*>/);
    expect(hero).toMatch(/<img[^>]*width="600"[^>]*height="600"/);
    expect(anchors(hero).filter((link) => link.rel === 'me noopener')).toHaveLength(3);
    expect(await page(plain, pagePath.resume())).not.toContain('class="resume-hero__photo');
  });
});
