import type { Command } from 'commander';
import { siteOption, useSite } from './site.js';
import { withStore } from './store.js';

async function migrate(options: { site?: string }): Promise<void> {
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

/** `postfolio migrate [--site DIR]`. */
export function addMigrateCommand(program: Command): void {
  siteOption(program.command('migrate'))
    .summary('apply database migrations')
    .usage('[--site DIR]')
    .action(migrate);
}
