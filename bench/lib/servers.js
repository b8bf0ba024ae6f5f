// The two servers a bench compares: the built app (`postfolio serve`) started as `npm start`
// starts it, and the bare node:http baseline (bare-server.js), each as a child process.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startScriptFlags } from '../../scripts/start-flags.js';
import { BENCH_DIR, CLI, ROOT } from './paths.js';
import { HEALTH_ROUTES } from './routes.js';

/** The V8 flags of `npm start`; BENCH_NODE_FLAGS (space-separated) replaces them. */
export const SERVER_NODE_FLAGS =
  process.env.BENCH_NODE_FLAGS !== undefined
    ? process.env.BENCH_NODE_FLAGS.split(' ').filter(Boolean)
    : startScriptFlags(ROOT);

/** Resolves once `url` answers below 500; rejects if `child` exits first or on timeout. */
export async function waitForHttp(url, timeoutMs = 60_000, child) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${url}`);
}

/** Starts `postfolio serve` as a child process; resolves once /healthz answers. */
export async function startAppServer({
  port,
  databaseUrl,
  extraEnv = {},
  nodeArgs = SERVER_NODE_FLAGS,
  args = [],
}) {
  const child = spawn(process.execPath, [...nodeArgs, CLI, 'serve', ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      IMAGES_DIR: join(BENCH_DIR, 'images'),
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      NODE_ENV: 'production',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log = (log + d).slice(-4000)));
  child.stderr.on('data', (d) => (log = (log + d).slice(-4000)));
  try {
    await waitForHttp(`http://127.0.0.1:${port}${HEALTH_ROUTES.live}`, 180_000, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${error.message}\n${log}`);
  }
  return { child, port, url: `http://127.0.0.1:${port}`, log: () => log };
}

/**
 * Starts the bare node:http baseline as a child process. `routes` maps a request path to
 * {body, contentType}; an unknown path gets the first route's body. `extraEnv` reaches it
 * (BARE_SHUTDOWN=close: SIGTERM closes the server as Node does by itself, see bare-server.js).
 */
export async function startBareServer(port, routes, extraEnv = {}) {
  const child = spawn(process.execPath, [join(ROOT, 'bench', 'lib', 'bare-server.js')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), ...extraEnv },
    stdio: ['pipe', 'inherit', 'inherit'],
  });
  child.stdin.end(JSON.stringify(routes));
  await waitForHttp(`http://127.0.0.1:${port}/__ready`, 20_000, child);
  return { child, port, url: `http://127.0.0.1:${port}` };
}
