import type { Command } from 'commander';
import { seconds } from './figures.js';
import { Progress } from './progress.js';
import { siteOption, useSite } from './site.js';
import { withStore } from './store.js';

async function restore(file: string, options: { site?: string }): Promise<void> {
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

/** `postfolio restore <file> [--site DIR]`. */
export function addRestoreCommand(program: Command): void {
  siteOption(program.command('restore'))
    .summary('replace the store with a backup, atomically')
    .description(
      'Checks the backup (integrity, schema version, engine) before it touches the store, then replaces the content in one step and moves the content version, so that running servers serve the restored content.',
    )
    .usage('<file> [--site DIR]')
    .argument('<file>', 'a file written by postfolio backup')
    .action(restore);
}
