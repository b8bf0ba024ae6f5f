import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppContext } from '../app-context.js';
import { securityHeadersFor } from '../plugins/security-headers.js';
import { answerHeaders, encode } from './response-cache.js';

/**
 * Answers a GET whose exact URL is cached straight from the cache, before Fastify: such a
 * response was validated and produced by the app before, and is sent with the same headers.
 * Returns false when the request must go to the app.
 */
export function serveFromCache(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: AppContext,
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '';
  const entry = (url.startsWith('/api/') ? ctx.responses : ctx.pages).get(url);
  if (!entry) return false;
  const security = securityHeadersFor(url, ctx.inlineStyleHashes);
  if (req.headers['if-none-match'] === entry.etag) {
    res.writeHead(304, answerHeaders(entry, security, '304'));
    res.end();
    return true;
  }
  const { name = 'identity', body } = encode(req.headers['accept-encoding'], entry);
  res.writeHead(entry.statusCode, answerHeaders(entry, security, name, body));
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
