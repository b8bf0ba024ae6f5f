import type { Command } from 'commander';
import { seconds } from './figures.js';
import { Progress } from './progress.js';
import { siteOption, useSite } from './site.js';
import { withStore } from './store.js';

async function exportSite(
  dir: string,
  options: { site?: string; analytics?: boolean },
): Promise<void> {
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
        analytics: options.analytics === true,
      }).finally(() => progress.close());
      for (const warning of summary.warnings) console.error(`postfolio: warning: ${warning}`);
      console.log(
        `Exported ${store.label} to ${dir}: ${summary.posts} posts (${summary.drafts} drafts), ` +
          `${summary.categories} categories, ${summary.images} images, ${summary.messages} contact messages ` +
          (summary.analytics === undefined ? '' : `, ${summary.analytics} analytics counts `) +
          `in ${seconds(performance.now() - started)}`,
      );
    },
    { migrate: false },
  );
}

/** `postfolio export <dir> [--analytics] [--site DIR]`. */
export function addExportCommand(program: Command): void {
  siteOption(program.command('export'))
    .summary('write the store as a content folder (the way between SQLite and PostgreSQL)')
    .description(
      'Writes site.yaml, posts/<slug>.md, images/, messages.json and export-manifest.json into a new folder. `postfolio import <dir>` into an empty store of either engine gives the same API answers. The analytics are left out unless --analytics asks for them (analytics.json).',
    )
    .usage('<dir> [--analytics] [--site DIR]')
    .argument('<dir>', 'a folder that does not exist yet, or is empty')
    .option('--analytics', "also write the analytics' counts, as analytics.json")
    .action(exportSite);
}
