import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { HEALTH_ROUTES } from '../../shared/paths.js';
import { CACHE_CONTROL, NO_STORE } from '../cache/cache-policy.js';

/** Liveness (the process answers) and readiness (the database answers too). */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(HEALTH_ROUTES.live, { schema: { hide: true } }, async (_request, reply) => {
    reply.header(CACHE_CONTROL, NO_STORE);
    return { status: 'ok' };
  });

  app.get(HEALTH_ROUTES.ready, { schema: { hide: true } }, async (_request, reply) => {
    reply.header(CACHE_CONTROL, NO_STORE);
    try {
      await withTimeout(sql`SELECT 1`.execute(app.ctx.store.db), 2000);
      return { status: 'ok', database: app.ctx.store.engine };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: app.ctx.store.engine });
    }
  });
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
