import { loadConfig } from '../server/config.js';
import type { Store } from '../server/db/connection.js';

/**
 * Runs `job` on the configured store (DATABASE_URL), migrated to the latest schema unless told
 * not to, and closes the store after it. The store's code (Kysely, the database drivers, the
 * migrations) is loaded here, on first use: `--help`, a usage error or `postfolio new` start
 * without it.
 */
export async function withStore<T>(
  job: (store: Store) => Promise<T>,
  options: { migrate?: boolean } = {},
): Promise<T> {
  const [{ openStore }, { migrateToLatest }] = await Promise.all([
    import('../server/db/connection.js'),
    import('../server/db/migrate.js'),
  ]);
  const store = openStore(loadConfig().databaseUrl);
  try {
    if (options.migrate !== false) await migrateToLatest(store);
    return await job(store);
  } finally {
    await store.close();
  }
}
