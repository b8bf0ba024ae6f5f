import type { Command } from 'commander';
import { megabytes, seconds } from './figures.js';
import { Progress } from './progress.js';
import { siteOption, useSite } from './site.js';
import { withStore } from './store.js';

async function backup(file: string | undefined, options: { site?: string }): Promise<void> {
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

/** `postfolio backup [file] [--site DIR]`. */
export function addBackupCommand(program: Command): void {
  siteOption(program.command('backup'))
    .summary('write a consistent snapshot of the store, also while the site runs')
    .description(
      'SQLite: a copy of the database file (VACUUM INTO). PostgreSQL: gzip-compressed JSON lines, read in one repeatable-read transaction. Default file: data/backups/postfolio-<time>.db (or .jsonl.gz). An existing file is never overwritten.',
    )
    .usage('[file] [--site DIR]')
    .argument('[file]', 'where to write the backup')
    .action(backup);
}
