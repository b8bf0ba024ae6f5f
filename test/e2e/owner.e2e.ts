import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pagePath } from '../../src/shared/paths.js';
import type { RootData } from '../../src/web/data/site-meta.js';
import {
  BRANDED_IMAGES,
  brandedSite,
  manyPosts,
  siteFixture,
  writeContent,
} from '../helpers/content-fixture.js';
import { audit, auditColours, turnDarkInPlace, type AxeResults } from './helpers/axe.js';
import { DESKTOP, PHONE, useE2E, visit } from './helpers/browser.js';

/** The owner's identity in the pages (issue 34): links, logo, photo, navigation. */

const PROFILE_NAMES = ['GitHub', 'Mastodon', 'LinkedIn'];

/** The links of the page's footer, as a person finds them: by their names. */
async function footerLinks(page: Page) {
  const footer = page.getByRole('contentinfo');
  return footer.getByRole('link').evaluateAll((links) =>
    links.map((link) => ({
      name: link.textContent,
      href: link.getAttribute('href'),
      rel: link.getAttribute('rel'),
    })),
  );
}

describe('the demo’s owner links', () => {
  const e2e = useE2E();

  it('every page’s footer lists them by name; profiles rel=me, email a mailto: link', async () => {
    const { page } = await e2e.tab({ viewport: PHONE });
    for (const path of ['/', pagePath.posts(), pagePath.post('sqlite-in-production')]) {
      await visit(page, path);
      const links = await footerLinks(page);
      expect(
        links.map((link) => link.name),
        path,
      ).toEqual([...PROFILE_NAMES, 'Email', 'RSS feed']);
      for (const link of links.filter((l) => PROFILE_NAMES.includes(l.name!)))
        expect(link.rel, link.name!).toContain('me');
      expect(links.find((link) => link.name === 'Email')!.href).toMatch(/^mailto:/);
      // Named for the ear, drawn for the eye: each link shows its icon.
      expect(
        await page.getByRole('contentinfo').getByRole('link', { name: 'GitHub' }).isVisible(),
      ).toBe(true);
    }
    expect(await page.locator('meta[name="fediverse:creator"]').getAttribute('content')).toBe(
      '@noor@mastodon.example',
    );
  });

  it('sends the parts a page shows once, in its HTML, and shows them after moving in the app', async () => {
    const html = await (await fetch(e2e.url(pagePath.post('sqlite-in-production')))).text();
    const block = /<script type="application\/json" data-hydration>([^<]*)<\/script>/.exec(html);
    const { owner } = (JSON.parse(block![1]!) as { loaderData: { root: RootData } }).loaderData
      .root;
    // Shown on the post page: in its HTML once, not in its data; the résumé's links travel.
    for (const part of ['footer', 'mark', 'authorBox'] as const)
      expect(owner).not.toHaveProperty(part);
    expect(owner.links).toContain('GitHub');
    expect(html.split('class="site-footer"')).toHaveLength(2);

    // Read back from the page, the parts show again on the pages the app moves to.
    const { page } = await e2e.tab();
    await visit(page, pagePath.post('sqlite-in-production'));
    const next = page
      .getByRole('navigation', { name: /^More in / })
      .getByRole('link')
      .first();
    const to = await next.getAttribute('href');
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await next.click();
    await page.waitForURL((url) => url.pathname === to);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
    const author = page.getByRole('article').getByRole('link', { name: 'GitHub' });
    await author.waitFor();
    expect((await footerLinks(page)).map((link) => link.name)).toEqual([
      ...PROFILE_NAMES,
      'Email',
      'RSS feed',
    ]);
  });

  it('a post ends with its author, named, with the links; /resume’s hero has them too', async () => {
    const { page } = await e2e.tab();
    await visit(page, pagePath.post('sqlite-in-production'));
    const article = page.getByRole('article');
    expect(await article.getByText('Written by').isVisible()).toBe(true);
    expect(await article.getByText('Noor Halvorsen', { exact: true }).isVisible()).toBe(true);
    expect(await article.getByRole('link', { name: 'Mastodon' }).getAttribute('rel')).toBe(
      'me noopener',
    );
    await visit(page, pagePath.resume());
    const hero = page.getByRole('region', { name: 'Noor Halvorsen' });
    expect(await hero.getByRole('link', { name: 'GitHub' }).isVisible()).toBe(true);
  });

  it('the top bar’s logo is the author’s initials, the link named by the site’s title', async () => {
    const { page } = await e2e.tab();
    await visit(page, pagePath.posts());
    const logo = page
      .getByRole('banner')
      .getByRole('link', { name: 'Noor Halvorsen — Notes on the web' });
    expect(await logo.innerText()).toContain('NH');
    await logo.click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});

describe('a site of the owner’s own brand', () => {
  const content = writeContent({
    posts: manyPosts(3, 'news'),
    site: brandedSite(siteFixture({ news: 'News', guides: 'Guides' })),
    images: BRANDED_IMAGES,
  });
  const e2e = useE2E({ env: { CONTENT_DIR: content } });
  const post = pagePath.post('post-3');

  it('shows the logo and the owner’s entries after the specification’s own', async () => {
    const { page } = await e2e.tab();
    await visit(page, post);
    const banner = page.getByRole('banner');
    const logo = banner.getByRole('link', { name: 'Fixture Site' });
    expect(
      await logo
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);
    const entries = banner.getByRole('navigation', { name: 'Site' }).getByRole('link');
    expect(await entries.allInnerTexts()).toEqual(['About me', 'Talks']);
    expect(await entries.nth(1).getAttribute('rel')).toBe('noopener');
    // A page of the site opens in the app, without loading a document.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await entries.first().click();
    await page.getByRole('heading', { level: 1, name: 'Test Author' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
  });

  it('shows the logo over the landing page’s title and in the résumé’s navigation', async () => {
    const { page } = await e2e.tab();
    const loaded = (img: HTMLImageElement) => img.complete && img.naturalWidth > 0;
    await visit(page, '/');
    const header = page.getByRole('main').locator('header');
    expect(await header.locator('img').evaluate(loaded)).toBe(true);
    expect(await header.locator('img').getAttribute('alt')).toBe('');
    await visit(page, pagePath.resume());
    const navigation = page.getByRole('banner');
    expect(await navigation.locator('img').first().evaluate(loaded)).toBe(true);
    // The image stands where the initials stand without a logo.
    expect(await navigation.getByText('TA', { exact: true }).count()).toBe(0);
  });

  it('fits a phone: the top bar’s entries wrap, nothing scrolls sideways', async () => {
    const { page } = await e2e.tab({ viewport: PHONE });
    for (const path of [pagePath.posts(), post, pagePath.resume(), '/']) {
      await visit(page, path);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        path,
      ).toBeLessThanOrEqual(PHONE.width);
    }
  });

  it('shows the photo under a post, loaded lazily at its size, and beside the résumé', async () => {
    const { page } = await e2e.tab({ viewport: PHONE });
    await visit(page, post);
    const box = page.getByRole('article').locator('footer');
    const photo = box.locator('img');
    expect(await photo.getAttribute('loading')).toBe('lazy');
    const before = await photo.boundingBox();
    await box.scrollIntoViewIfNeeded();
    await photo.evaluate((img: HTMLImageElement) => img.decode());
    // Its box was held before it loaded: nothing moved.
    expect(await photo.boundingBox().then((after) => after!.height)).toBe(before!.height);
    expect(before!.width).toBeGreaterThan(40);
    await visit(page, pagePath.resume());
    expect(await page.getByRole('img', { name: 'Photo of Test Author' }).isVisible()).toBe(true);
  });

  it('draws a product without an image as a tile of its initials, as large as a picture', async () => {
    const { page } = await e2e.tab();
    await visit(page, pagePath.resume());
    const products = page.getByRole('region', { name: 'Demo products' });
    const tile = products.getByText('QT', { exact: true });
    expect(await tile.isVisible()).toBe(true);
    const picture = await products.getByRole('img', { name: 'Preview of Product' }).boundingBox();
    const box = await tile.locator('..').boundingBox();
    expect(Math.round(box!.width)).toBe(Math.round(picture!.width));
    expect(Math.round(box!.height)).toBe(Math.round(picture!.height));
    // Painted with the accent, as the initials are, not left an empty grey box.
    const [tileColour, initialsColour] = await tile.evaluate((span) => [
      getComputedStyle(span.parentElement!).backgroundColor,
      getComputedStyle(span).backgroundColor,
    ]);
    expect(tileColour).toBe(initialsColour);
  });

  // Light runs every rule; dark, once the page shows that nothing but colours changed with the
  // scheme, runs the colour rules (as in a11y.e2e.ts).
  for (const viewport of [PHONE, DESKTOP])
    it(`has no accessibility violations at ${viewport.width}px, light and dark`, async () => {
      const { page } = await e2e.tab({ viewport });
      const named = (results: AxeResults) =>
        results.violations.map(
          (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        );
      for (const path of [pagePath.posts(), post, pagePath.resume(), '/']) {
        await page.emulateMedia({ colorScheme: 'light' });
        await visit(page, path);
        const light = await audit(page);
        expect(light.passes.length, 'axe ran its rules').toBeGreaterThan(10);
        expect(named(light), `${path} light`).toEqual([]);
        await turnDarkInPlace(page);
        expect(named(await auditColours(page)), `${path} dark`).toEqual([]);
      }
    });
});
