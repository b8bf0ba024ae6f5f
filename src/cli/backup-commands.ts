import { useSite } from './site.js';
import { Progress } from './progress.js';
import { withStore } from './store.js';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

interface SiteOption {
  site?: string;
}

export async function backupCommand(file: string | undefined, options: SiteOption): Promise<void> {
  const { backupStore } = await import('../server/backup/backup.service.js');
  await withStore(
    useSite(options.site),
    async (store) => {
      const started = performance.now();
      const progress = new Progress('backup');
      const result = await backupStore(store, file, progress.stage('rows written')).finally(() =>
        progress.close(),
      );
      console.log(
        `Backed up ${store.label} (schema ${result.schema}) to ${result.file}: ` +
          `${megabytes(result.bytes)} in ${seconds(performance.now() - started)}`,
      );
    },
    { migrate: false },
  );
}

export async function restoreCommand(file: string, options: SiteOption): Promise<void> {
  const { restoreStore } = await import('../server/backup/restore.service.js');
  await withStore(useSite(options.site), async (store) => {
    const started = performance.now();
    const progress = new Progress('restore');
    const stage = progress.stage(store.engine === 'sqlite' ? 'pages copied' : 'rows loaded');
    const result = await restoreStore(store, file, stage).finally(() => progress.close());
    console.log(
      `Restored ${file} (schema ${result.schema}) into ${store.label} in ` +
        `${seconds(performance.now() - started)}; content version ${result.version}`,
    );
  });
}

export async function exportCommand(dir: string, options: SiteOption): Promise<void> {
  const site = useSite(options.site);
  const { exportStore } = await import('../server/backup/export.service.js');
  await withStore(
    site,
    async (store) => {
      const started = performance.now();
      const progress = new Progress('export');
      const summary = await exportStore(store, {
        dir,
        imagesDir: site.config.imagesDir,
        onProgress: progress.stage('posts written'),
      }).finally(() => progress.close());
      for (const warning of summary.warnings) console.error(`postfolio: warning: ${warning}`);
      console.log(
        `Exported ${store.label} to ${dir}: ${summary.posts} posts (${summary.drafts} drafts), ` +
          `${summary.categories} categories, ${summary.images} images, ${summary.messages} contact messages ` +
          `in ${seconds(performance.now() - started)}`,
      );
    },
    { migrate: false },
  );
}
