import type { FastifyPluginAsync } from 'fastify';
import { STATS_ROUTES } from '../../shared/paths.js';
import { BEACON_SCRIPT } from '../analytics/beacon-script.js';
import { CACHE_CONTROL, NO_STORE, STATIC_FILE } from '../cache/cache-policy.js';

/** A report's largest body: an address and a referrer. */
const BODY_LIMIT = 4096;

/** The address and referrer of a report, or undefined when the body is not one. */
function report(body: unknown): { url: string; referrer: string | undefined } | undefined {
  let value: unknown = body;
  if (typeof body === 'string')
    try {
      value = JSON.parse(body);
    } catch {
      return undefined;
    }
  const { url, referrer } = (value ?? {}) as { url?: unknown; referrer?: unknown };
  if (typeof url !== 'string') return undefined;
  return { url, referrer: typeof referrer === 'string' && referrer ? referrer : undefined };
}

/**
 * With ANALYTICS_BEACON (a CDN serving the pages): the script pages load, and POST /api/beacon,
 * where it reports each view. sendBeacon sends its JSON as text/plain; both types are read. Every
 * report is answered 204, counted or not, so that a page learns nothing from it.
 */
export const analyticsBeaconRoutes: FastifyPluginAsync = async (app) => {
  const { analytics, config } = app.ctx;
  if (!analytics || !config.analytics.beacon) return;
  app.get(STATS_ROUTES.beaconScript, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header(CACHE_CONTROL, STATIC_FILE)
      .type('text/javascript; charset=utf-8')
      .send(BEACON_SCRIPT),
  );
  app.post(
    STATS_ROUTES.beacon,
    { bodyLimit: BODY_LIMIT, schema: { hide: true } },
    async (request, reply) => {
      const reported = report(request.body);
      if (reported) analytics.beaconed(request.raw, reported.url, reported.referrer);
      return reply.code(204).header(CACHE_CONTROL, NO_STORE).send();
    },
  );
};
