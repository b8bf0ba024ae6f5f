import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../server/config.js';
import { ContentFileError, ImportError } from '../server/content/content-errors.js';
import { openStore, StoreLockedError } from '../server/db/connection.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { startServer } from '../server/main.js';
import { progressPrinter } from './progress.js';
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { startCluster } from '../server/cluster.js';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const HELP = `Usage: postfolio <command> [options]

Commands:
  serve                 migrate, import the content folder into an empty store, and serve
      --workers N|auto  serve with N processes (auto: one per core)
  migrate               apply database migrations
  import <dir>          sync a content folder (site.yaml, posts/*.md, images/) into the store
      --prune           also remove posts whose files are gone
  seed --fake N         write N generated posts as a content folder and import them
      --out DIR         where to write them (default data/fake-N)
      --no-import       only write the folder
  help                  show this text

Environment:
  PORT (3000), HOST (0.0.0.0), DATABASE_URL (data/postfolio.db; a file path or postgres://…),
  EMPLOYER_EMAIL, LOG_LEVEL (info), PAGE_SIZE (12), CONTENT_DIR (content), IMAGES_DIR (data/images),
  CONTACT_ENABLED, TRUST_PROXY, PUBLIC_URL
`;

async function run(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      prune: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
      fake: { type: 'string' },
      out: { type: 'string' },
      'no-import': { type: 'boolean', default: false },
      workers: { type: 'string' },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command || command === 'help') {
    process.stdout.write(HELP);
    return command || values.help ? 0 : 1;
  }
  const config = loadConfig();
  switch (command) {
    case 'serve': {
      const workers =
        values.workers === undefined
          ? 1
          : Number(values.workers === 'auto' ? availableParallelism() : values.workers);
      if (!Number.isInteger(workers) || workers < 1 || workers > 64)
        throw new UsageError('--workers takes a number from 1 to 64, or "auto"');
      if (workers > 1 || cluster.isWorker) await startCluster(config, workers);
      else await startServer(config);
      return -1;
    }
    case 'migrate': {
      const store = openStore(config.databaseUrl);
      try {
        const applied = await migrateToLatest(store);
        console.log(
          applied.length ? `Applied: ${applied.join(', ')}` : `${store.label} is up to date`,
        );
      } finally {
        await store.close();
      }
      return 0;
    }
    case 'import': {
      const dir = rest[0];
      if (!dir) throw new UsageError('import needs a folder: postfolio import <dir>');
      // The import stack (Markdown, sanitizer, validation) is loaded only by the commands that use it.
      const { importContent } = await import('../server/content/import.service.js');
      const store = openStore(config.databaseUrl);
      try {
        await migrateToLatest(store);
        const started = performance.now();
        const summary = await importContent(store, {
          contentDir: dir,
          imagesDir: config.imagesDir,
          prune: values.prune,
          onProgress: progressPrinter('Reading posts'),
        });
        console.log(
          `Imported into ${store.label}: ${summary.created} created, ${summary.updated} updated, ` +
            `${summary.unchanged} unchanged, ${summary.deleted} removed; ${summary.categories} categories, ${summary.images} images copied ` +
            `in ${seconds(performance.now() - started)}` +
            ` (posts ${seconds(summary.phases.posts)}` +
            (summary.threads ? ` on ${summary.threads} threads` : '') +
            `, search index merge ${seconds(summary.phases.searchIndex)}` +
            `, commit ${seconds(summary.phases.commit)})`,
        );
      } finally {
        await store.close();
      }
      return 0;
    }
    case 'seed': {
      const count = Number(values.fake);
      if (!Number.isInteger(count) || count < 1 || count > 1_000_000)
        throw new UsageError('seed needs --fake N with N from 1 to 1,000,000');
      const out = values.out ?? join('data', `fake-${count}`);
      const { loadSiteConfig, SITE_CONFIG_FILE } = await import('../server/content/site-config.js');
      const { writeFakeContent } = await import('./seed/fake-posts.js');
      const site = await loadSiteConfig(join(config.contentDir, SITE_CONFIG_FILE));
      const started = performance.now();
      await writeFakeContent({
        count,
        outDir: out,
        templateDir: config.contentDir,
        site,
        onProgress: progressPrinter('Writing posts', 1),
      });
      console.log(`Wrote ${count} posts to ${out} in ${seconds(performance.now() - started)}`);
      if (values['no-import']) return 0;
      return run(['import', out, '--prune']);
    }
    default:
      throw new UsageError(`unknown command "${command}"\n\n${HELP}`);
  }
}

class UsageError extends Error {}

try {
  const code = await run(process.argv.slice(2));
  if (code >= 0) process.exitCode = code;
} catch (error) {
  if (
    error instanceof ImportError ||
    error instanceof ContentFileError ||
    error instanceof UsageError ||
    error instanceof ConfigError ||
    error instanceof StoreLockedError
  ) {
    console.error(`postfolio: ${error.message}`);
    process.exitCode = error instanceof UsageError ? 64 : 1;
  } else {
    console.error('postfolio:', error);
    process.exitCode = 1;
  }
}
