import { cpSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manyPosts } from '../../../test/helpers/content-fixture.js';
import { startServe, type ServeProcess } from '../../../test/helpers/serve-process.js';
import { pagePath } from '../../shared/paths.js';

/**
 * A deploy installs the new build under the running server before restarting it: the server's
 * screens must not be read from disk after its start (they would be the new build's, or gone).
 */
describe('pages while a new build replaces the one the server started from', () => {
  let serve: ServeProcess | undefined;
  let root: string;
  beforeAll(async () => {
    // The build beside the project's packages, as dist/web is: its modules import React.
    root = mkdtempSync(join(tmpdir(), 'pf-web-'));
    symlinkSync(resolve('node_modules'), join(root, 'node_modules'));
    const web = join(root, 'web');
    cpSync(join('dist', 'web'), web, { recursive: true });
    const posts = manyPosts(3, 'news').map((post) => ({ ...post, tags: ['swap'] }));
    serve = await startServe(posts, [], { WEB_DIR: web });
    // The server build's chunks are gone, as when the next build writes its own names.
    const chunks = join(web, 'server', 'assets');
    expect(readdirSync(chunks).length).toBeGreaterThan(3);
    rmSync(chunks, { recursive: true });
  });
  afterAll(() => {
    serve?.child.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });

  it('renders every kind of page, none of which it had rendered before', async () => {
    const pages = [
      pagePath.landing(),
      pagePath.resume(),
      pagePath.posts(),
      pagePath.category(1),
      pagePath.tag('swap'),
      pagePath.search('number'),
      pagePath.post('post-2'),
      pagePath.post('no-such-post'),
    ];
    const statuses: Record<string, number> = {};
    for (const path of pages)
      statuses[path] = (await fetch(`http://127.0.0.1:${serve!.port}${path}`)).status;
    expect(statuses).toEqual({
      ...Object.fromEntries(pages.map((path) => [path, 200])),
      [pagePath.post('no-such-post')]: 404,
    });
  });
});
