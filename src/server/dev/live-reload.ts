import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DevEvents } from './dev-events.js';
import { LIVE_RELOAD_CSS, liveReload } from './live-reload.client.js';
import { CACHE_CONTROL, NO_STORE } from '../cache/cache-policy.js';

/** Where dev mode serves its own files; nothing answers under it in `serve`. */
export const DEV_PREFIX = '/__postfolio-dev/';
export const LIVE_RELOAD_SCRIPT = `${DEV_PREFIX}live-reload.js`;
const STYLESHEET = `${DEV_PREFIX}live-reload.css`;
const EVENTS = `${DEV_PREFIX}events`;

/** The script's source: the browser function, called with the URLs it needs. */
const SCRIPT = `(${liveReload.toString()})(${JSON.stringify(EVENTS)}, ${JSON.stringify(STYLESHEET)});\n`;

/**
 * What dev mode adds to a page's head: its reload script, with the revision the page is
 * rendered at (a script file, not inline: the CSP's `script-src 'self'` allows it, and its event
 * stream is `connect-src 'self'`).
 */
export function liveReloadTag(revision: string): string {
  return `<script src="${LIVE_RELOAD_SCRIPT}" data-dev-revision="${revision}" defer></script>`;
}

/** The path of the page a stream was opened by (its Referer), if it is a page of this site. */
function pagePath(referer: string | undefined): string | undefined {
  try {
    const url = new URL(referer ?? '');
    return url.pathname.startsWith(DEV_PREFIX) ? undefined : url.pathname + url.search;
  } catch {
    return undefined;
  }
}

/** The routes of dev mode: the reload script, its stylesheet and the event stream. */
export async function liveReloadRoutes(app: FastifyInstance, events: DevEvents): Promise<void> {
  const file =
    (type: string, body: string) => async (_request: FastifyRequest, reply: FastifyReply) =>
      reply.header('content-type', type).header(CACHE_CONTROL, NO_STORE).send(body);
  app.get(LIVE_RELOAD_SCRIPT, { schema: { hide: true } }, file('text/javascript', SCRIPT));
  app.get(STYLESHEET, { schema: { hide: true } }, file('text/css', LIVE_RELOAD_CSS));
  app.get(EVENTS, { schema: { hide: true } }, async (request, reply) => {
    reply.hijack();
    const headers = Object.fromEntries(
      Object.entries(reply.getHeaders()).map(([name, value]) => [name, String(value)]),
    );
    events.listen(reply.raw, headers, pagePath(request.headers.referer));
  });
}
