import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppContext } from '../app-context.js';
import { securityHeadersFor } from '../plugins/security-headers.js';
import { encode, REVALIDATE, type CachedResponse } from './response-cache.js';

type Wire = Record<string, string>;
const wireHeaders = new WeakMap<CachedResponse, Wire>();

/** The headers every answer from this entry carries, built once per entry. */
function headersOf(entry: CachedResponse, url: string, ctx: AppContext): Wire {
  let headers = wireHeaders.get(entry);
  if (!headers) {
    headers = {
      ...securityHeadersFor(url, ctx.inlineStyleHashes),
      etag: entry.etag,
      'cache-control': REVALIDATE,
      vary: 'accept-encoding',
      ...entry.headers,
    };
    wireHeaders.set(entry, headers);
  }
  return headers;
}

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
  const headers = headersOf(entry, url, ctx);
  if (req.headers['if-none-match'] === entry.etag) {
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  const { name, body } = encode(req.headers['accept-encoding'], entry);
  res.writeHead(entry.statusCode, {
    ...headers,
    'content-type': entry.contentType,
    'content-length': String(body.length),
    ...(name ? { 'content-encoding': name } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
