import { spawn, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { postFile, writeContent } from '../../test/helpers/content-fixture.js';
import { requireBuiltCli } from '../../test/helpers/built-cli.js';

// These run the built command as a writer would; `npm test` builds before it runs the tests.
requireBuiltCli();

const postfolio = (args: string[]) =>
  spawnSync(process.execPath, ['bin/postfolio.js', ...args], { encoding: 'utf8', timeout: 30_000 });

describe('postfolio dev', () => {
  it('describes itself in its help', () => {
    const help = postfolio(['dev', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: postfolio dev [dir] [--port N]');
    expect(help.stdout).toMatch(/watches it/);
    expect(help.stdout).toMatch(/temporary folder/);
    expect(help.stdout).toMatch(/DATABASE_URL and\s+IMAGES_DIR are never touched/);
    expect(postfolio(['--help']).stdout).toMatch(/\n {2}dev \[dir\] \[--port N\]\s+preview/);
  });

  it('refuses a folder that does not exist and a bad port, in one line with status 2', () => {
    const missing = postfolio(['dev', '/nonexistent/content']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe('postfolio: no content folder at /nonexistent/content\n');
    const port = postfolio(['dev', '--port', 'eighty']);
    expect(port.status).toBe(2);
    expect(port.stderr).toBe('postfolio: --port takes a number from 0 to 65535\n');
  });

  it('reports each save in the terminal, a broken file with its line, and cleans up on Ctrl-C', async () => {
    const content = writeContent({
      posts: [{ slug: 'hello', title: 'Hello', category: 'news', body: 'Hi.', date: '2025-01-01' }],
    });
    const child = spawn(process.execPath, ['bin/postfolio.js', 'dev', content, '--port', '0'], {
      env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'error' },
      stdio: 'pipe',
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const until = async (test: () => boolean, what: string) => {
      const deadline = Date.now() + 20_000;
      while (!test()) {
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`${what} not seen:\n${out}\n${err}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await until(() => /postfolio dev: http:\/\/127\.0\.0\.1:\d+\//.test(out), 'the address');
    const store = /into a dev store \((.+)\)/.exec(out)![1]!;
    expect(existsSync(store)).toBe(true);
    const page = await fetch(/http:\/\/\S+\//.exec(out)![0] + 'hello');
    expect(await page.text()).toContain('data-dev-revision=');

    writeFileSync(
      join(content, 'posts/hello.md'),
      postFile({
        slug: 'hello',
        title: 'Hello again',
        category: 'news',
        body: 'Hi.',
        date: '2025-01-01',
      }),
    );
    await until(() => out.includes('posts/hello.md: 0 created, 1 updated, 0 removed'), 'the save');
    writeFileSync(join(content, 'posts/hello.md'), '---\ntitle: A\n  bad: : x\n---\n\nHi.\n');
    await until(() => /posts\/hello\.md:2: .*YAML/.test(err), 'the broken file');
    expect(err).toMatch(/\(the last good version is shown\)\n$/);

    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(existsSync(dirname(store))).toBe(false);
  });
});
