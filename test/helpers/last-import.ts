import type { FastifyInstance } from 'fastify';
import { readContentState } from '../../src/server/content-state/content-state.js';
import type { Store } from '../../src/server/db/connection.js';

/**
 * Resolves once `app` serves the store's last import: it has seen the new content version, and
 * dropped what it derived from the one before.
 */
export async function servingLastImport(app: FastifyInstance, store: Store): Promise<void> {
  const { version } = await readContentState(store.db);
  while (app.ctx.contentState.state.version !== version)
    await new Promise((resolve) => setTimeout(resolve, 10));
}
