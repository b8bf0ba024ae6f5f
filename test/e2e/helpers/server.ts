import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { HEALTH_ROUTES } from '../../../src/shared/paths.js';
import { startScriptFlags } from '../../../scripts/start-flags.js';
import { BUILT_CLI, requireBuiltCli } from '../../helpers/built-cli.js';

export const ROOT = resolve(import.meta.dirname, '..', '..', '..');
export const EMPLOYER_EMAIL = 'boss@example.com';
const READY_WITHIN_MS = 90_000;
/** The images folder of the run's servers of the demo content, filled by the demo store's import. */
export const DEMO_IMAGES_DIR = join(tmpdir(), 'postfolio-e2e-demo-images');

export interface RunningServer {
  url: string;
  /** The server's environment (its store, content and images), for a command run beside it. */
  env?: NodeJS.ProcessEnv;
  /** Everything the server wrote to stdout and stderr, for failure messages. */
  output(): string;
  /** Sends SIGTERM, waits for the exit and removes the temporary folder; resolves to the exit code. */
  stop(): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** The V8 flags of `npm start`: the browser tests run the server as it ships. */
const SERVER_NODE_FLAGS = startScriptFlags(ROOT);

export interface ServerOptions {
  /** The store; a fresh SQLite file in the temporary folder when absent. */
  databaseUrl?: string;
  /** The content folder imported into an empty store; the demo content when absent. */
  contentDir?: string;
  /** Where images are served from; a folder in the temporary folder when absent. */
  imagesDir?: string;
  /** More environment for the server, over the defaults above. */
  env?: Record<string, string>;
  /**
   * A SQLite store the server starts from, copied (createDemoStore's): the server then has no
   * first import to run. Only with the content it holds and no `databaseUrl`.
   */
  store?: string;
}

/** The environment of the suite's servers and commands: the test defaults, then `options.env`. */
function suiteEnv(dir: string, options: ServerOptions): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: options.databaseUrl ?? join(dir, 'e2e.db'),
    // Servers of the demo content share one images folder: its photograph is made once a run.
    // A server of other content has its own, as its import removes the files it does not use.
    IMAGES_DIR:
      options.imagesDir ??
      (options.contentDir || options.env?.CONTENT_DIR ? join(dir, 'images') : DEMO_IMAGES_DIR),
    CONTENT_DIR: options.contentDir ?? 'content',
    EMPLOYER_EMAIL,
    LOG_LEVEL: 'warn',
    CONTACT_ENABLED: '',
    PAGE_SIZE: '',
    PUBLIC_URL: '',
    ...options.env,
  };
}

function requireBuild(): void {
  requireBuiltCli();
}

export interface DemoStore {
  /** The SQLite file, to be copied by each server that starts from it. */
  file: string;
  remove(): void;
}

/**
 * The demo content imported once (`postfolio import`) into a SQLite store that the run's servers
 * of the demo content start from, each on a copy of its own: a first import costs seconds of CPU
 * a server, the copy milliseconds.
 */
export async function createDemoStore(): Promise<DemoStore> {
  requireBuild();
  const dir = mkdtempSync(join(tmpdir(), 'postfolio-e2e-store-'));
  const env = suiteEnv(dir, {});
  await promisify(execFile)(process.execPath, [BUILT_CLI, 'import', env.CONTENT_DIR!], {
    cwd: ROOT,
    env,
  });
  const file = join(dir, 'e2e.db');
  // The command closed the store, which checkpoints its write-ahead log: the file alone is whole.
  if (existsSync(`${file}-wal`)) throw new Error(`${file} was left with a write-ahead log`);
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Starts the built app (`node dist/bundle/postfolio.js serve`) on a free port with a fresh temporary
 * store (SQLite unless `databaseUrl` is given; a copy of `store` if given) and the demo content,
 * and waits for /readyz.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  requireBuild();
  const dir = mkdtempSync(join(tmpdir(), 'postfolio-e2e-'));
  const env = suiteEnv(dir, options);
  if (options.store) copyFileSync(options.store, env.DATABASE_URL!);
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, BUILT_CLI, 'serve'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const url = `http://127.0.0.1:${port}`;
  // A first start imports the demo content, whose photograph takes seconds to make variants of.
  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    if (hasExited) throw new Error(`The server exited during start:\n${output}`);
    try {
      const response = await fetch(`${url}${HEALTH_ROUTES.ready}`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server was not ready within ${READY_WITHIN_MS / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    env,
    output: () => output,
    stop: async () => {
      if (!hasExited) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
      return code;
    },
  };
}
