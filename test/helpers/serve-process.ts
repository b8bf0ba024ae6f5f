import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeContent, type FixturePost } from './content-fixture.js';
import { BUILT_CLI, requireBuiltCli } from './built-cli.js';

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** `postfolio serve` of the build, as a child process on its own SQLite store. */
export interface ServeProcess {
  child: ChildProcess;
  port: number;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves with the exit code once it exits. */
  exited: Promise<number | null>;
  /** Resolves once a line matching `pattern` has been printed. */
  printed(pattern: RegExp, timeoutMs?: number): Promise<void>;
}

/** Where a spawned serve keeps its content, store and images: a test may import into them. */
export interface ServeFolders {
  contentDir: string;
  store: string;
  imagesDir: string;
}

/**
 * Spawns `node dist/bundle/postfolio.js serve …args` (the build must exist: `npm run build`) on a fresh
 * store that imports `posts` on its first start, without waiting for it to listen.
 */
export async function spawnServe(
  posts: FixturePost[],
  args: string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<ServeProcess & ServeFolders> {
  requireBuiltCli();
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'pf-serve-'));
  const contentDir = writeContent({ posts });
  const store = join(dir, 'store.db');
  const imagesDir = join(dir, 'images');
  const child = spawn(process.execPath, [BUILT_CLI, 'serve', ...args], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: store,
      CONTENT_DIR: contentDir,
      IMAGES_DIR: imagesDir,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const wake of waiters) wake();
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const printed = (pattern: RegExp, timeoutMs = 30_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!pattern.test(output)) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no line matching ${pattern} in:\n${output.slice(-3000)}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return { child, port, output: () => output, exited, printed, contentDir, store, imagesDir };
}

/**
 * How long `startServe` waits for /healthz: under Vitest's 30 s test timeout, so that a start too
 * slow for its test is killed here rather than left serving after the test has given up on it.
 */
const READY_WITHIN_MS = 25_000;

/** `spawnServe`, resolved once /healthz answers. */
export async function startServe(
  posts: FixturePost[],
  args: string[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<ServeProcess & ServeFolders> {
  const serve = await spawnServe(posts, args, env);
  const { child, port, output } = serve;
  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`serve exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`serve did not start:\n${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return serve;
}
