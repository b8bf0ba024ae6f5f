import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppContext } from '../app-context.js';
import { securityHeadersFor } from '../plugins/security-headers.js';
import { encode, REVALIDATE, type CachedResponse } from './response-cache.js';

type Wire = Record<string, string>;
/** Per entry, the complete header objects of its answers, built once: 304, plain, br, gzip. */
const wireHeaders = new WeakMap<CachedResponse, Map<string, Wire>>();

function headersOf(
  entry: CachedResponse,
  url: string,
  ctx: AppContext,
  variant: string,
  body?: Buffer,
): Wire {
  let variants = wireHeaders.get(entry);
  if (!variants) {
    variants = new Map();
    wireHeaders.set(entry, variants);
  }
  let headers = variants.get(variant);
  if (!headers) {
    headers = {
      ...securityHeadersFor(url, ctx.inlineStyleHashes),
      etag: entry.etag,
      'cache-control': REVALIDATE,
      vary: 'accept-encoding',
      ...entry.headers,
    };
    if (body) {
      headers['content-type'] = entry.contentType;
      headers['content-length'] = String(body.length);
      if (variant !== 'identity') headers['content-encoding'] = variant;
    }
    variants.set(variant, headers);
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
  if (req.headers['if-none-match'] === entry.etag) {
    res.writeHead(304, headersOf(entry, url, ctx, '304'));
    res.end();
    return true;
  }
  const { name = 'identity', body } = encode(req.headers['accept-encoding'], entry);
  res.writeHead(entry.statusCode, headersOf(entry, url, ctx, name, body));
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
