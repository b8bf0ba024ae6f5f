import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../server/config.js';
import { Progress } from './progress.js';
import { announceDefaultStore, useSite, type Site } from './site.js';
import { withStore } from './store.js';
import { UsageError } from './usage.js';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export async function serveCommand(
  dir: string | undefined,
  options: { workers?: string },
): Promise<void> {
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

export async function migrateCommand(options: { site?: string }): Promise<void> {
  const { migrateToLatest } = await import('../server/db/migrate.js');
  await withStore(
    useSite(options.site),
    async (store) => {
      const applied = await migrateToLatest(store);
      console.log(
        applied.length ? `Applied: ${applied.join(', ')}` : `${store.label} is up to date`,
      );
    },
    { migrate: false },
  );
}

export async function importCommand(dir: string, options: { prune?: boolean }): Promise<void> {
  await importInto(useSite(dir), dir, options);
}

/** Imports `dir` into the store of `site` (the folder itself, or the site that seed writes for). */
async function importInto(site: Site, dir: string, options: { prune?: boolean }): Promise<void> {
  const { config } = site;
  // The import stack (Markdown, sanitizer, validation) is loaded only by the commands that use it.
  const { importContent } = await import('../server/content/import.service.js');
  const { importExport } = await import('../server/backup/export-import.js');
  await withStore(site, async (store) => {
    const started = performance.now();
    const progress = new Progress('import');
    const { summary, kept, note } = await importExport(store, dir, () =>
      importContent(store, {
        contentDir: dir,
        imagesDir: config.imagesDir,
        prune: options.prune === true,
        onProgress: progress.stage('post files read'),
        onImageProgress: progress.stage('images checked'),
      }),
    ).finally(() => progress.close());
    // The posts of an export were written into rows that hold their ids: new to this store.
    const created = summary.created + (kept?.posts ?? 0);
    const updated = summary.updated - (kept?.posts ?? 0);
    console.log(
      `Imported into ${store.label}: ${created} created, ${updated} updated, ` +
        `${summary.unchanged} unchanged, ${summary.deleted} removed; ${summary.categories} categories, ${summary.images} images made (${summary.imagesReused} unchanged) ` +
        `in ${seconds(performance.now() - started)}` +
        ` (posts ${seconds(summary.phases.posts)}` +
        (summary.threads
          ? ` on ${summary.threads} thread${summary.threads === 1 ? '' : 's'}`
          : '') +
        `, search index merge ${seconds(summary.phases.searchIndex)}` +
        `, commit ${seconds(summary.phases.commit)})`,
    );
    if (kept)
      console.log(
        `Kept the export's ids and dates: ${kept.posts} posts (${kept.dates} unchanged since the export), ` +
          `${kept.categories} categories; ${kept.messages} contact messages loaded`,
      );
    if (note) console.log(`Note: ${note}`);
  });
}

export async function seedCommand(options: {
  fake?: string;
  out?: string;
  import: boolean;
  site?: string;
}): Promise<void> {
  const site = useSite(options.site);
  const { config } = site;
  const count = Number(options.fake);
  if (!Number.isInteger(count) || count < 1 || count > 1_000_000)
    throw new UsageError('seed needs --fake N with N from 1 to 1,000,000');
  const out = options.out ?? join('data', `fake-${count}`);
  const { loadSiteConfig, SITE_CONFIG_FILE } = await import('../server/content/site-config.js');
  const { writeFakeContent } = await import('./seed/fake-posts.js');
  const siteConfig = await loadSiteConfig(join(config.contentDir, SITE_CONFIG_FILE));
  const started = performance.now();
  const progress = new Progress('seed');
  await writeFakeContent({
    count,
    outDir: out,
    templateDir: config.contentDir,
    site: siteConfig,
    onProgress: progress.stage('posts written'),
  }).finally(() => progress.close());
  console.log(`Wrote ${count} posts to ${out} in ${seconds(performance.now() - started)}`);
  if (options.import) await importInto(site, out, { prune: true });
}

export async function newCommand(
  words: string[],
  options: { category?: string; dir?: string },
): Promise<void> {
  const { writeNewPost } = await import('./new-post.js');
  const file = await writeNewPost({
    title: words.join(' '),
    category: options.category,
    contentDir: options.dir ?? loadConfig().contentDir,
  });
  console.log(file);
}
