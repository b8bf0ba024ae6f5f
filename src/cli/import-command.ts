import type { Command } from 'commander';
import { seconds } from './figures.js';
import { Progress } from './progress.js';
import { useSite, type Site } from './site.js';
import { withStore } from './store.js';

/** Imports `dir` into the store of `site` (the folder itself, or the site that seed writes for). */
export async function importInto(
  site: Site,
  dir: string,
  options: { prune?: boolean },
): Promise<void> {
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
    // Imported all the same: the owner's choice, which may cost some readers the site.
    for (const warning of summary.warnings) console.error(`postfolio: warning: ${warning}`);
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

/** `postfolio import <dir> [--prune]`. */
export function addImportCommand(program: Command): void {
  program
    .command('import')
    .summary('sync a content folder (site.yaml, posts/*.md, images/) into the store')
    .description(
      'Syncs a content folder into the store in one transaction: a bad file changes nothing and is named with its problem. A folder written by `postfolio export` keeps its ids and dates when it is imported into an empty store.',
    )
    .usage('<dir> [--prune]')
    .argument('<dir>', 'the content folder; its postfolio.env names the store')
    .option('--prune', 'also remove posts whose files are gone')
    .action((dir: string, options: { prune?: boolean }) => importInto(useSite(dir), dir, options));
}
