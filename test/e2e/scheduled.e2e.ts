import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { manyPosts, writeContent } from '../helpers/content-fixture.js';
import {
  AHEAD_TITLE,
  expiresBeforePublication,
  importAhead,
} from '../helpers/scheduled-fixture.js';
import { NOT_FOUND_LOG, useE2E, visit } from './helpers/browser.js';
import { API_ROUTES, apiPath } from '../../src/shared/paths.js';
import { importContent } from '../../src/server/content/import.service.js';
import { openStore } from '../../src/server/db/connection.js';
import { RECHECK_MS } from '../../src/server/schedule/publication-schedule.js';

const content = writeContent({ posts: manyPosts(3, 'news', 'story') });
const dir = mkdtempSync(join(tmpdir(), 'postfolio-e2e-scheduled-'));
/** The server's store and images, which the test imports into while it runs. */
const STORE = { DATABASE_URL: join(dir, 'store.db'), IMAGES_DIR: join(dir, 'images') };
// Registered first, so that it runs after the server has stopped.
afterAll(() => {
  for (const folder of [dir, content]) rmSync(folder, { recursive: true, force: true });
});
const e2e = useE2E({
  databaseUrl: () => STORE.DATABASE_URL,
  env: { CONTENT_DIR: content, IMAGES_DIR: STORE.IMAGES_DIR },
});

async function list(): Promise<{ cacheControl: string; first: string | undefined }> {
  const response = await fetch(e2e.url(API_ROUTES.posts));
  const { data } = (await response.json()) as { data: { slug: string }[] };
  return { cacheControl: response.headers.get('cache-control') ?? '', first: data[0]?.slug };
}

describe('a post imported while the server runs, dated a few seconds ahead', () => {
  it('appears in the API, the list and on its page at its time, with no import then', async () => {
    const status = async (path: string) => (await fetch(e2e.url(path))).status;
    // In this process: `postfolio import` would spend seconds starting, of a lead of seconds.
    const store = openStore(STORE.DATABASE_URL);
    const { slug, at } = await importAhead(
      content,
      () => importContent(store, { contentDir: content, imagesDir: STORE.IMAGES_DIR }),
      async ({ slug, retry }) => {
        // Asked twice, so that the list is cached (response-cache.ts) and only the server's
        // timer can drop it.
        const lists = [await list(), await list()];
        return (
          (await status(apiPath.post(slug))) === 404 &&
          (await status(`/${slug}`)) === 404 &&
          lists.every((l) => l.first !== slug && expiresBeforePublication(l.cacheControl, retry))
        );
      },
    ).finally(() => store.close());

    // No import from here on: only the server's own timer can show the post.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
    // Sooner than the backstop's read of the store (RECHECK_MS), which would show it late.
    const giveUp = at + RECHECK_MS / 2;
    for (;;) {
      const shown =
        (await status(apiPath.post(slug))) === 200 &&
        (await status(`/${slug}`)) === 200 &&
        (await list()).first === slug;
      if (shown) break;
      expect(Date.now(), `still hidden after ${RECHECK_MS / 2} ms`).toBeLessThan(giveUp);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }

    const { page: tab } = await e2e.tab({ allow: [NOT_FOUND_LOG] });
    expect((await visit(tab, `/${slug}`))?.status()).toBe(200);
    expect(await tab.getByRole('heading', { level: 1, name: AHEAD_TITLE }).count()).toBe(1);
  });
});
