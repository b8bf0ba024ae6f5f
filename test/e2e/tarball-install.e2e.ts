import { execFile, spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { apiPath, HEALTH_ROUTES, pagePath } from '../../src/shared/paths.js';
import { freePort } from '../helpers/serve-process.js';

const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/**
 * The environment of a new owner's shell: none of the `npm_*` settings that `npm test` hands its
 * children (they describe this repository, not the folder the package is installed into).
 */
const ownerEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith('npm_')),
);

const work = mkdtempSync(join(tmpdir(), 'postfolio-tarball-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

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
 * Runs the install scripts that `--ignore-scripts` skipped: sharp's check of its prebuilt libvips,
 * and better-sqlite3's build, copied from this checkout when the installed version is its own.
 */
async function nativeModules(app: string): Promise<void> {
  await run(npm, ['rebuild', 'sharp'], { cwd: app, env: ownerEnv, timeout: 120_000 });
  const installed = join(app, 'node_modules', 'better-sqlite3');
  const own = join('node_modules', 'better-sqlite3');
  const version = (dir: string) =>
    (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  if (version(installed) !== version(own)) {
    await run(npm, ['rebuild', 'better-sqlite3'], {
      cwd: app,
      env: { ...ownerEnv, JOBS: 'max' },
      timeout: 360_000,
    });
    return;
  }
  const binary = join('build', 'Release', 'better_sqlite3.node');
  mkdirSync(dirname(join(installed, binary)), { recursive: true });
  copyFileSync(join(own, binary), join(installed, binary));
}

describe('the package installed from its tarball', () => {
  // npm pack, npm install, init, serve.
  it(
    'installs into an empty folder, creates a site, serves it with its settings file and imports into its store',
    { timeout: 420_000 },
    async () => {
      expect(existsSync('dist/cli/main.js'), 'run `npm run build` first').toBe(true);
      const packed = await run(npm, ['pack', '--pack-destination', work], { env: ownerEnv });
      const tarball = join(work, packed.stdout.trim().split('\n').at(-1)!);
      expect(tarball).toMatch(/postfolio-\d+\.\d+\.\d+\.tgz$/);

      const app = join(work, 'app');
      mkdirSync(app);
      // From npm's cache where it can. Install scripts are run below, one by one: better-sqlite3's
      // compiles from source here (no prebuilt binaries offline), the same compile that this
      // checkout's own install has done, so its binary is reused when the version is the same.
      await run(
        npm,
        ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', tarball],
        { cwd: app, env: ownerEnv, timeout: 360_000 },
      );
      await nativeModules(app);
      // The command is the installed package's, not this checkout's.
      expect(realpathSync(join(app, 'node_modules', 'postfolio'))).toBe(
        join(realpathSync(app), 'node_modules', 'postfolio'),
      );
      expect(existsSync(join(app, 'node_modules', 'postfolio', 'src'))).toBe(false);

      const init = await run(npx, ['postfolio', 'init', 'site'], { cwd: app, env: ownerEnv });
      expect(init.stdout).toContain('Created site: site.yaml, posts/hello-world.md');
      expect(init.stdout).toContain('npx postfolio serve site');
      const again = await run(npx, ['postfolio', 'init', 'site'], { cwd: app, env: ownerEnv }).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(again?.code).toBe(1);
      expect(again?.stderr).toContain('postfolio: site is not empty');

      // The port comes from the site's own settings file, as an owner would set it.
      const port = await freePort();
      const settings = join(app, 'site', 'postfolio.env');
      expect(readFileSync(settings, 'utf8')).toMatch(/^PORT=3000$/m);
      writeFileSync(
        settings,
        readFileSync(settings, 'utf8').replace(/^PORT=3000$/m, `PORT=${port}\nHOST=127.0.0.1`),
      );
      const shell = Object.fromEntries(
        Object.entries(ownerEnv).filter(
          ([name]) => !['PORT', 'HOST', 'DATABASE_URL'].includes(name),
        ),
      );
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
        // The site's own store, inside its folder; an import from another directory writes there.
        const store = join(realpathSync(app), 'site', 'data', 'postfolio.db');
        expect(existsSync(store)).toBe(true);
        expect(existsSync(join(app, 'data'))).toBe(false);
        const elsewhere = join(app, 'elsewhere');
        mkdirSync(elsewhere);
        const imported = await run(npx, ['postfolio', 'import', '../site'], {
          cwd: elsewhere,
          env: shell,
        });
        expect(imported.stdout).toContain(
          `Imported into sqlite:${store}: 0 created, 0 updated, 1 unchanged`,
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
