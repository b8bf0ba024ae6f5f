import cluster from 'node:cluster';
import type { ServerConfig } from './config.js';
import { openStore } from './db/connection.js';
import { serveRateLimitCounts } from './http/cluster-rate-limit.js';
import { prepareStore, startServer } from './main.js';

/**
 * Serves with `workers` processes sharing one port. The primary migrates and loads content
 * once, then forks; each worker opens its own store connection and caches, kept in step by
 * the content version. A worker that dies unexpectedly is replaced.
 */
export async function startCluster(config: ServerConfig, workers: number): Promise<void> {
  if (cluster.isWorker) {
    await startServer(config, { prepare: false });
    return;
  }
  const store = openStore(config.databaseUrl);
  await prepareStore(store, config, (line) => console.log(line));
  await store.close();

  serveRateLimitCounts();
  let stopping = false;
  // Workers run with the primary's V8 flags (e.g. the smaller young generation of npm start).
  cluster.setupPrimary({ execArgv: process.execArgv });
  const fork = () => cluster.fork();
  for (let i = 0; i < workers; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    fork();
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    const force = setTimeout(() => process.exit(1), 12_000);
    force.unref();
    const check = setInterval(() => {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        clearInterval(check);
        process.exit(0);
      }
    }, 50);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
