import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectValidJsonLd, jsonLdOf } from '../../../test/helpers/json-ld.js';
import { ENGINES } from '../../../test/helpers/stores.js';
import { webHarness, type WebHarness } from '../../../test/helpers/web-app.js';
import { pagePath } from '../../shared/paths.js';

const SECRET = 'hiring.manager@secret.example';
const PUBLIC_URL = 'https://public.example';
const HOSTILE_TITLE = 'Ends </script><script>alert(1)</script> here';

describe.each(ENGINES)('JSON-LD of the pages on %s', (engine) => {
  let harness: WebHarness;
  const page = async (url: string) => {
    const response = await harness.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return { html: response.body, csp: String(response.headers['content-security-policy']) };
  };
  const types = (objects: Array<Record<string, unknown>>) => objects.map((o) => o['@type']);

  beforeAll(async () => {
    harness = await webHarness(engine, {
      posts: [
        {
          slug: 'first-post',
          title: 'First post',
          category: 'news',
          summary: 'What the first post says',
          body: 'Hello.',
          date: '2025-02-01T10:00:00Z',
        },
        {
          slug: 'hostile',
          title: HOSTILE_TITLE,
          category: 'guides',
          body: 'Hi.',
          date: '2025-02-02',
        },
      ],
      env: { EMPLOYER_EMAIL: SECRET, PUBLIC_URL },
    });
  });
  afterAll(async () => harness?.close());

  it('a post: BlogPosting and BreadcrumbList, valid, on the public URL', async () => {
    const { html } = await page('/first-post');
    const objects = jsonLdOf(html);
    expect(types(objects)).toEqual(['BlogPosting', 'BreadcrumbList']);
    for (const object of objects) expectValidJsonLd(object, PUBLIC_URL);
    expect(objects[0]).toMatchObject({
      headline: 'First post',
      description: 'What the first post says',
      datePublished: '2025-02-01T10:00:00.000Z',
      url: `${PUBLIC_URL}/first-post`,
      author: { '@type': 'Person', name: 'Test Author' },
    });
    // Every image named is served.
    for (const image of objects[0]!.image as string[]) {
      expect(image.startsWith(`${PUBLIC_URL}/images/`)).toBe(true);
      const served = await harness.app.inject(image.slice(PUBLIC_URL.length));
      expect(served.statusCode, image).toBe(200);
    }
    const crumbs = objects[1]!.itemListElement as Array<{ name: string }>;
    expect(crumbs.map((c) => c.name)).toEqual(['Home', 'News', 'First post']);
  });

  it('a title cannot close the data block; the CSP still allows no inline script', async () => {
    const { html, csp } = await page('/hostile');
    expect(html).not.toContain('<script>alert(1)');
    expect(jsonLdOf(html)[0]!.headline).toBe(HOSTILE_TITLE);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    // Every script element of the page is the boot script file or a data block.
    for (const [tag] of html.matchAll(/<script\b[^>]*>/g))
      expect(tag).toMatch(/type="application\/(ld\+)?json"|src="\/[^"]+"/);
  });

  it('a category: BreadcrumbList; the home page: WebSite with a search action; /resume: Person', async () => {
    const category = jsonLdOf((await page(pagePath.category(1))).html);
    expect(types(category)).toEqual(['BreadcrumbList']);
    const home = jsonLdOf((await page('/')).html);
    expect(types(home)).toEqual(['WebSite']);
    expect(home[0]).toMatchObject({
      url: `${PUBLIC_URL}/`,
      potentialAction: { target: { urlTemplate: `${PUBLIC_URL}/posts/{search_term_string}` } },
    });
    const resume = jsonLdOf((await page(pagePath.resume())).html);
    expect(types(resume)).toEqual(['Person']);
    expect(resume[0]).toMatchObject({
      name: 'Test Author',
      url: `${PUBLIC_URL}${pagePath.resume()}`,
    });
    for (const object of [...category, ...home, ...resume]) expectValidJsonLd(object, PUBLIC_URL);
  });

  it('no JSON-LD holds the employer address', async () => {
    for (const url of [
      '/',
      pagePath.resume(),
      pagePath.posts(),
      pagePath.category(1),
      '/first-post',
    ]) {
      const { html } = await page(url);
      expect(JSON.stringify(jsonLdOf(html)).toLowerCase()).not.toContain(SECRET);
      expect(html.toLowerCase()).not.toContain(SECRET);
    }
  });
});
