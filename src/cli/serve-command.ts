import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { announceDefaultStore, useSite } from './site.js';
import { UsageError } from './usage.js';

async function serve(dir: string | undefined, options: { workers?: string }): Promise<void> {
  // The folder and its settings go into the environment too, so that the workers of --workers
  // and a first import's own process read the same ones.
  const site = useSite(dir);
  const { config } = site;
  const workers =
    options.workers === undefined
      ? 1
      : Number(options.workers === 'auto' ? availableParallelism() : options.workers);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64)
    throw new UsageError('--workers takes a number from 1 to 64, or "auto"');
  // React loads its development build, several times slower to render, unless told it serves
  // readers; set before the server (and React) is loaded, and inherited by the workers.
  process.env.NODE_ENV ||= 'production';
  announceDefaultStore(site);
  // The server (Fastify, the renderer) is loaded by this command only: every other command
  // starts in a fraction of the time.
  if (workers > 1 || cluster.isWorker) {
    const { startCluster } = await import('../server/cluster.js');
    await startCluster(config, workers);
  } else {
    const { startServer } = await import('../server/main.js');
    await startServer(config);
  }
}

/** `postfolio serve [dir] [--workers N|auto]`. */
export function addServeCommand(program: Command): void {
  program
    .command('serve')
    .summary('migrate, import the content folder into an empty store, and serve')
    .description(
      'Migrates the store, imports the content folder (dir, else CONTENT_DIR) when the store holds no posts, and serves on HOST:PORT. ' +
        'SIGTERM or SIGINT drains (requests in flight and on open connections are answered) and exits 0; ' +
        'SIGHUP restarts the workers of --workers N one at a time.',
    )
    .usage('[dir] [--workers N|auto]')
    .argument(
      '[dir]',
      'the site folder, with its postfolio.env (default: CONTENT_DIR, else content)',
    )
    .option('--workers <n>', 'serve with N processes (1 to 64; auto: one per core)')
    .action(serve);
}
