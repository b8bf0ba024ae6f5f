import { execFile, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  writeFileSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { apiPath, HEALTH_ROUTES, pagePath } from '../../src/shared/paths.js';
import { freePort } from '../helpers/serve-process.js';

const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/**
 * The environment of a new owner's shell: none of the `npm_*` settings that `npm test` hands its
 * children (they describe this repository, not the folder the package is installed into), and
 * none of the server's settings (the site's postfolio.env holds them).
 */
const ownerEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) =>
      !name.toLowerCase().startsWith('npm_') && !['PORT', 'HOST', 'DATABASE_URL'].includes(name),
  ),
);

/** This checkout's package name and the command it installs. */
const { name: packageName } = JSON.parse(readFileSync('package.json', 'utf8')) as { name: string };

/** A Node.js release the package is installed and run with: its folder holds bin/ and include/. */
interface NodeRelease {
  label: string;
  home: string;
}

/** The Node running this suite, and the oldest release `engines` allows, fetched from npm. */
async function nodeReleases(): Promise<NodeRelease[]> {
  const oldest = (await run('bash', ['scripts/node-release.sh', '22'], { env: ownerEnv })).stdout;
  return [
    {
      label: `Node ${process.versions.node.split('.')[0]}`,
      home: dirname(dirname(process.execPath)),
    },
    { label: 'Node 22', home: oldest.trim() },
  ];
}

/** The owner's shell with `node` (and so npm and npx) being this release. */
function shellOf(node: NodeRelease): NodeJS.ProcessEnv {
  return {
    ...ownerEnv,
    PATH: `${join(node.home, 'bin')}${delimiter}${ownerEnv.PATH ?? ''}`,
  };
}

const work = mkdtempSync(join(tmpdir(), 'postfolio-tarball-'));
// Two installs' node_modules: removed by the thread pool's many unlinks at once, in a fifth of
// the time a synchronous removal takes one file after another.
afterAll(() => rm(work, { recursive: true, force: true }));

async function answers(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > until) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Runs the one install script that `--ignore-scripts` skipped: sharp's check of its prebuilt
 * libvips (better-sqlite3 ships Node-API binaries, built for every Node release).
 */
async function nativeModules(app: string, env: NodeJS.ProcessEnv) {
  await run(npm, ['rebuild', 'sharp'], { cwd: app, env, timeout: 120_000 });
}

const releases = await nodeReleases();

/**
 * `npm pack` of this checkout installed once into an empty folder, by the oldest release `engines`
 * allows (the one most likely to refuse it), from npm's cache where it can; install scripts run
 * after, as an owner allows them. Its native modules are Node-API or carry a binary for each
 * release, so every release runs the same install.
 */
let installation: Promise<string> | undefined;
function installed(): Promise<string> {
  installation ??= (async () => {
    const packedOut = await run(npm, ['pack', '--pack-destination', work], { env: ownerEnv });
    const file = join(work, packedOut.stdout.trim().split('\n').at(-1)!);
    expect(file).toMatch(new RegExp(`${packageName}-\\d+\\.\\d+\\.\\d+\\.tgz$`));
    const shell = shellOf(releases.at(-1)!);
    const app = join(work, 'app');
    mkdirSync(app);
    await run(
      npm,
      ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', file],
      { cwd: app, env: shell, timeout: 360_000 },
    );
    await nativeModules(app, shell);
    // The command is the installed package's, not this checkout's.
    const installedAt = join(app, 'node_modules', packageName);
    expect(realpathSync(installedAt)).toBe(join(realpathSync(app), 'node_modules', packageName));
    expect(existsSync(join(installedAt, 'src'))).toBe(false);
    expect(existsSync(join(installedAt, 'LICENSE'))).toBe(true);
    return app;
  })();
  return installation;
}

describe('the package installed from its tarball', () => {
  // One install (above), then on each release at the same time, in folders of its own under it:
  // init, serve, import. Mostly waiting on the servers and the disk, they take half as long side
  // by side.
  it.concurrent.each(releases)(
    'runs on $label: creates a site and serves its pages',
    { timeout: 420_000 },
    async (node) => {
      expect(existsSync('dist/bundle/postfolio.js'), 'run `npm run build` first').toBe(true);
      const shell = shellOf(node);
      const used = await run('node', ['--version'], { env: shell });
      expect(used.stdout.trim()).toMatch(new RegExp(`^v${node.label.split(' ')[1]}\\.`));

      // npx finds the command in the install's node_modules, a folder up.
      const app = join(await installed(), node.label.replace(' ', ''));
      mkdirSync(app);
      const init = await run(npx, ['postfolio', 'init', 'site'], { cwd: app, env: shell });
      expect(init.stdout).toContain('Created site: site.yaml, posts/hello-world.md');
      expect(init.stdout).toContain('npx postfolio serve site');
      const again = await run(npx, ['postfolio', 'init', 'site'], { cwd: app, env: shell }).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(again?.code).toBe(1);
      expect(again?.stderr).toContain('postfolio: site is not empty');

      // The owner's settings live in the site's postfolio.env: the server's address there.
      const port = await freePort();
      const settings = join(app, 'site', 'postfolio.env');
      const written = readFileSync(settings, 'utf8');
      expect(written).toMatch(/^PORT=3000$/m);
      writeFileSync(settings, `${written.replace(/^PORT=3000$/m, `PORT=${port}`)}HOST=127.0.0.1\n`);
      const server = spawn(npx, ['postfolio', 'serve', 'site'], {
        cwd: app,
        env: shell,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      let output = '';
      server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<string>((resolve) =>
        server.on('exit', (code, signal) => resolve(signal ?? String(code))),
      );
      try {
        const base = `http://127.0.0.1:${port}`;
        await answers(`${base}${HEALTH_ROUTES.ready}`, 60_000).catch((error: Error) => {
          throw new Error(`${error.message}\n${output}`);
        });
        expect(output).toContain('importing');
        const pages: Array<[string, string]> = [
          [pagePath.landing(), 'My notes'],
          [pagePath.posts(), 'Hello, world'],
          [pagePath.post('hello-world'), 'This is a post in'],
          [pagePath.resume(), 'Your Name'],
          [apiPath.post('hello-world'), '"title":"Hello, world"'],
        ];
        for (const [path, text] of pages) {
          const res = await fetch(`${base}${path}`);
          expect(res.status, path).toBe(200);
          expect(await res.text(), path).toContain(text);
        }
        // The browser's assets come from the installed package's build.
        const asset = /"(\/assets\/[^"\s]+\.js)"/.exec(await (await fetch(base)).text())?.[1];
        expect(asset, 'the page loads its script').toBeDefined();
        expect((await fetch(`${base}${asset}`)).status).toBe(200);
        // The store is the site's own, inside its folder, wherever the command runs.
        const store = join(realpathSync(app), 'site', 'data', 'postfolio.db');
        expect(existsSync(store)).toBe(true);
        expect(existsSync(join(app, 'data'))).toBe(false);

        // An import from another folder, with no variable set, writes into the served store.
        const post = readFileSync(join(app, 'site', 'posts', 'hello-world.md'), 'utf8');
        writeFileSync(
          join(app, 'site', 'posts', 'second-post.md'),
          post.replace(/^title: .*$/m, 'title: Second post'),
        );
        const elsewhere = join(app, 'elsewhere');
        mkdirSync(elsewhere);
        const imported = await run(npx, ['postfolio', 'import', '../site'], {
          cwd: elsewhere,
          env: shell,
        });
        expect(imported.stdout).toContain(
          `Imported into sqlite:${store}: 1 created, 0 updated, 1 unchanged`,
        );
        await answers(`${base}${apiPath.post('second-post')}`, 10_000);
        expect(await (await fetch(`${base}${apiPath.post('second-post')}`)).text()).toContain(
          '"title":"Second post"',
        );
      } finally {
        // npx runs the server as its child: the whole group is asked to drain.
        process.kill(-server.pid!, 'SIGTERM');
      }
      // npx itself is in the group and ends by the signal; a crash would exit with a code.
      expect(['0', 'SIGTERM']).toContain(await exited);
    },
  );
});
