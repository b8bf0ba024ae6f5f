import cluster, { type Worker } from 'node:cluster';
import { once } from 'node:events';
import type { ServerConfig } from './config.js';
import { serveRateLimitCounts } from './http/cluster-rate-limit.js';
import { prepareForServe, startServer } from './main.js';

/** A worker that has not started listening by then is taken for failed. */
const START_TIMEOUT_MS = 60_000;

/** What the primary knows of its workers. */
interface Primary {
  /** Set once SIGTERM or SIGINT came: workers that exit are not replaced. */
  stopping: boolean;
  /** Workers leaving on purpose (a restart), not to be replaced when they exit. */
  retiring: Set<Worker>;
  fork: () => Worker;
}

/** A freshly forked worker: true once it listens, false if it exited or took too long. */
function startedListening(fresh: Worker): Promise<boolean> {
  return Promise.race([
    once(fresh, 'listening').then(() => true),
    once(fresh, 'exit').then(() => false),
    new Promise<boolean>((resolve) => setTimeout(resolve, START_TIMEOUT_MS, false).unref()),
  ]);
}

/** SIGHUP: each worker replaced by a new one that listens before the old one drains. */
async function restartWorkers(primary: Primary): Promise<void> {
  const old = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
  console.log(`SIGHUP: restarting ${old.length} workers one at a time`);
  for (const worker of old) {
    if (primary.stopping) return;
    const fresh = primary.fork();
    if (!(await startedListening(fresh))) {
      primary.retiring.add(fresh);
      fresh.process.kill('SIGKILL');
      console.error('a new worker did not start listening; the old workers keep serving');
      return;
    }
    primary.retiring.add(worker);
    const exited = once(worker, 'exit');
    worker.process.kill('SIGTERM');
    await exited;
    console.log(`worker ${worker.process.pid} replaced by ${fresh.process.pid}`);
  }
  console.log('workers restarted');
}

/** SIGTERM or SIGINT: every worker drains; exits 0 once all are gone, 1 after 12 s. */
function stopWorkers(primary: Primary): void {
  if (primary.stopping) return;
  primary.stopping = true;
  for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  const force = setTimeout(() => process.exit(1), 12_000);
  force.unref();
  const check = setInterval(() => {
    if (Object.keys(cluster.workers ?? {}).length === 0) {
      clearInterval(check);
      process.exit(0);
    }
  }, 50);
}

/**
 * Serves with `workers` processes sharing one port. The primary migrates and loads content
 * once, then forks; each worker opens its own store connection and caches, kept in step by
 * the content version. A worker that dies unexpectedly is replaced.
 *
 * Signals to the primary: SIGTERM and SIGINT drain every worker (each as `serve` alone does) and
 * exit 0. SIGHUP restarts the workers one at a time, for a deploy without downtime: a new
 * worker is forked and listening before the old one drains, so the port always has workers
 * taking connections, and the old one answers what it has in flight. The new workers run the
 * code on disk now; the primary itself (this function) is not reloaded.
 */
export async function startCluster(config: ServerConfig, workers: number): Promise<void> {
  if (cluster.isWorker) {
    await startServer(config, { prepare: false });
    return;
  }
  await prepareForServe(config, (line) => console.log(line));

  serveRateLimitCounts();
  // Workers run with the primary's V8 flags (e.g. the smaller young generation of npm start).
  cluster.setupPrimary({ execArgv: process.execArgv });
  const primary: Primary = { stopping: false, retiring: new Set(), fork: () => cluster.fork() };
  for (let i = 0; i < workers; i++) primary.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (primary.stopping || primary.retiring.delete(worker)) return;
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    primary.fork();
  });

  let restarting: Promise<void> | undefined;
  process.on('SIGHUP', () => {
    restarting ??= restartWorkers(primary).finally(() => (restarting = undefined));
  });
  process.once('SIGTERM', () => stopWorkers(primary));
  process.once('SIGINT', () => stopWorkers(primary));
}
