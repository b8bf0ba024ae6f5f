import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { manyPosts, newsPost } from '../../test/helpers/content-fixture.js';
import { spawnServe, type ServeProcess } from '../../test/helpers/serve-process.js';
import { sqlitePostCount } from '../../test/helpers/stores.js';

/** The command lines of the processes still running that name `text`. */
function processesNaming(text: string): string[] {
  const lines = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).split('\n');
  return lines.filter((line) => line.includes(text) && !line.startsWith('ps '));
}

describe('serve: the first import runs in a process of its own', () => {
  let serve: ServeProcess | undefined;
  afterEach(() => {
    serve?.child.kill('SIGKILL');
  });

  it('imports the folder in a child `postfolio import`, then serves what it wrote', async () => {
    const started = await spawnServe(manyPosts(30, 'news'));
    serve = started;
    await started.printed(/Imported into sqlite:.*30 created/);
    await started.printed(/Server listening/);
    const list = await fetch(`http://127.0.0.1:${started.port}/api/posts?page=1`);
    expect(((await list.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
  });

  it('a refused folder: serve exits 1 with the import’s message once, and no stack', async () => {
    const started = await spawnServe([newsPost('fine'), newsPost('bad-date', { date: 'May 5' })]);
    serve = started;
    expect(await started.exited).toBe(1);
    const output = started.output();
    expect(output).toMatch(/posts\/bad-date\.md/);
    expect(output.match(/posts\/bad-date\.md/g)).toHaveLength(1);
    expect(output).not.toMatch(/\n\s+at /);
    expect(output).not.toMatch(/Server listening/);
  });

  it('SIGTERM during the import stops the import too, and the store keeps nothing of it', async () => {
    const posts = manyPosts(3000, 'news').map((post) => ({
      ...post,
      body: `${post.body}\n\n${'Words to render and index in a longer paragraph. '.repeat(60)}`,
    }));
    const started = await spawnServe(posts);
    serve = started;
    // The images' stage ends just before the posts' begins: the import is under way.
    await started.printed(/import: 2 images checked in /, 60_000);
    expect(processesNaming(started.contentDir).some((line) => / import /.test(line))).toBe(true);
    started.child.kill('SIGTERM');
    const status = await started.exited;
    expect(status).not.toBe(0);
    // Stopped, not finished: the import never reported its result, and serve never listened.
    expect(started.output()).not.toMatch(/Imported into/);
    expect(started.output()).not.toMatch(/Server listening/);
    // The import's process is gone with it: nothing goes on writing to the store.
    expect(processesNaming(started.contentDir)).toEqual([]);
    expect(sqlitePostCount(started.store)).toBe(0);
  });
});
