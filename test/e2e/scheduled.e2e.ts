import { describe, expect, it } from 'vitest';
import { manyPosts, writeContent } from '../helpers/content-fixture.js';
import { NOT_FOUND_LOG, useE2E, visit } from './helpers/browser.js';
import { API_ROUTES, apiPath } from '../../src/shared/paths.js';

/** Far enough ahead for the server to start and import first. */
const AT = Date.now() + 25_000;
const content = writeContent({
  posts: [
    ...manyPosts(3, 'news', 'story'),
    {
      slug: 'launch',
      title: 'Launch on the dot',
      category: 'news',
      body: 'Published by the clock, not by an import.',
      date: new Date(AT).toISOString(),
    },
  ],
});
const e2e = useE2E({ env: { CONTENT_DIR: content } });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a post dated a few seconds after the server starts', () => {
  it('appears in the API and on its page within a second of its time, with no import', async () => {
    expect(Date.now()).toBeLessThan(AT - 1000);
    const status = async (path: string) => (await fetch(e2e.url(path))).status;
    expect(await status(apiPath.post('launch'))).toBe(404);
    expect(await status('/launch')).toBe(404);
    const list = async () =>
      ((await (await fetch(e2e.url(API_ROUTES.posts))).json()) as { data: { slug: string }[] })
        .data;
    expect((await list())[0]!.slug).toBe('story-3');

    await sleep(Math.max(0, AT - Date.now() - 300));
    let api: number | undefined;
    let page: number | undefined;
    // When the first 200 arrived: the server answered between sending and then, so the time a
    // request was sent could read a millisecond before AT for an answer given at AT.
    while (Date.now() < AT + 3000 && (api === undefined || page === undefined)) {
      if (api === undefined && (await status(apiPath.post('launch'))) === 200) api = Date.now();
      if (page === undefined && (await status('/launch')) === 200) page = Date.now();
      await sleep(25);
    }
    expect(api, 'the API answered 200').toBeDefined();
    expect(page, 'the page answered 200').toBeDefined();
    expect(api! - AT).toBeGreaterThanOrEqual(0);
    expect(page! - AT).toBeGreaterThanOrEqual(0);
    expect(api! - AT).toBeLessThan(1000);
    expect(page! - AT).toBeLessThan(1000);
    expect((await list())[0]!.slug).toBe('launch');

    const { page: tab } = await e2e.tab({ allow: [NOT_FOUND_LOG] });
    expect((await visit(tab, '/launch'))?.status()).toBe(200);
    expect(await tab.getByRole('heading', { level: 1, name: 'Launch on the dot' }).count()).toBe(1);
  });
});
