import type { Store } from '../server/db/connection.js';
import { announceDefaultStore, type Site } from './site.js';

/**
 * Runs `job` on the site's store (DATABASE_URL), migrated to the latest schema unless told
 * not to, and closes the store after it. The store's code (Kysely, the database drivers, the
 * migrations) is loaded here, on first use: `--help`, a usage error or `postfolio new` start
 * without it.
 */
export async function withStore<T>(
  site: Site,
  job: (store: Store) => Promise<T>,
  options: { migrate?: boolean } = {},
): Promise<T> {
  const [{ openStore }, { migrateToLatest }] = await Promise.all([
    import('../server/db/connection.js'),
    import('../server/db/migrate.js'),
  ]);
  announceDefaultStore(site);
  const store = openStore(site.config.databaseUrl);
  try {
    if (options.migrate !== false) await migrateToLatest(store);
    return await job(store);
  } finally {
    await store.close();
  }
}
