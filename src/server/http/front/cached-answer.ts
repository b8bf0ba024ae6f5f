import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { isApiPath } from '../../../shared/paths.js';
import {
  encode,
  encodingFor,
  isNotModified,
  variantEtag,
  type CachedResponse,
  type ResponseCache,
} from '../../cache/response-cache.js';
import { securityHeadersFor } from '../security-headers.js';
import { CACHE_CONTROL, cacheControlFor } from '../../cache/cache-policy.js';

type Wire = Record<string, string>;
/** An answer's form: a body in one encoding, or a 304 to a client that accepts that encoding. */
type Variant = 'identity' | 'br' | 'gzip' | '304' | '304-br' | '304-gzip';

const ETAG_SUFFIX: Record<Variant, 'br' | 'gzip' | undefined> = {
  identity: undefined,
  br: 'br',
  gzip: 'gzip',
  '304': undefined,
  '304-br': 'br',
  '304-gzip': 'gzip',
};
const NOT_MODIFIED = { br: '304-br', gzip: '304-gzip' } as const;

/**
 * What a cached entry answers to a GET: 304 when the client's copy is current, else the body in
 * the best encoding the client accepts.
 */
export interface CachedAnswer {
  statusCode: number;
  headers: Wire;
  /** Absent for a 304. */
  body?: Buffer;
}

/** Per entry, the complete header objects of its answers, built once per variant. */
const answerHeaderCache = new WeakMap<CachedResponse, Map<Variant, Wire>>();

/**
 * Every header of one answer from `entry`: the security headers, the caching headers, the
 * entry's own and, with a body, its type, length and encoding. Built once per entry and variant,
 * so both ways of answering from the cache send the same headers without per-request work. Each
 * encoded form has its own ETag (a different representation), and a 304 carries the headers the
 * 200 would have (RFC 9110, 15.4.5), that form's ETag among them. They are built again when the
 * public Cache-Control changes (its lifetimes shorten before a scheduled post goes live).
 */
function answerHeaders(
  entry: CachedResponse,
  security: Wire,
  cacheControl: string,
  variant: Variant,
  body?: Buffer,
): Wire {
  let variants = answerHeaderCache.get(entry);
  if (!variants) {
    variants = new Map();
    answerHeaderCache.set(entry, variants);
  }
  let headers = variants.get(variant);
  const caching = cacheControlFor(entry.statusCode, cacheControl);
  // A body's length changes when its brotli form is made again to be kept (response-cache.ts).
  if (
    !headers ||
    headers[CACHE_CONTROL] !== caching ||
    (body && headers['content-length'] !== String(body.length))
  ) {
    const encoded = ETAG_SUFFIX[variant];
    headers = {
      ...security,
      etag: encoded ? variantEtag(entry.etag, encoded) : entry.etag,
      [CACHE_CONTROL]: caching,
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

/** The answer from `entry` to a request for `url` with these two request headers. */
export function cachedAnswer(
  ctx: AppContext,
  entry: CachedResponse,
  url: string,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
): CachedAnswer {
  const security = securityHeadersFor(url, ctx.inlineStyleHashes);
  if (isNotModified(ifNoneMatch, entry.etag)) {
    const encoded = encodingFor(acceptEncoding, entry);
    const variant = encoded ? NOT_MODIFIED[encoded] : '304';
    return { statusCode: 304, headers: answerHeaders(entry, security, ctx.cacheControl, variant) };
  }
  const { name = 'identity', body } = encode(acceptEncoding, entry);
  return {
    statusCode: entry.statusCode,
    headers: answerHeaders(entry, security, ctx.cacheControl, name, body),
    body,
  };
}

/** The two request headers a cached answer depends on. */
interface Conditions {
  ifNoneMatch?: string;
  acceptEncoding?: string;
}

/**
 * Reads If-None-Match and Accept-Encoding from the raw header list. `req.headers` builds an
 * object of every header on first use, which costs more than answering from the cache itself
 * (≈ 3 µs of the ≈ 45 µs of CPU a cached answer takes; docs/performance.md). Repeated fields
 * are joined with ", " as `req.headers` joins them.
 */
export function conditionsOf(rawHeaders: readonly string[]): Conditions {
  let ifNoneMatch: string | undefined;
  let acceptEncoding: string | undefined;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    const value = rawHeaders[i + 1]!;
    if (name.length === 13 && name.toLowerCase() === 'if-none-match')
      ifNoneMatch = ifNoneMatch === undefined ? value : `${ifNoneMatch}, ${value}`;
    else if (name.length === 15 && name.toLowerCase() === 'accept-encoding')
      acceptEncoding = acceptEncoding === undefined ? value : `${acceptEncoding}, ${value}`;
  }
  // One object shape whatever was found (the caller reads it on every cached answer).
  return { ifNoneMatch, acceptEncoding };
}

/**
 * The front door's first step: answers a GET or HEAD whose exact URL is cached straight from
 * the cache, before Fastify. Such an answer was validated and produced by the app before, and
 * is sent with the headers `sendCached` sends. Returns false when the request must go on.
 */
export function serveFromCache(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: AppContext,
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '';
  const entry = (isApiPath(url) ? ctx.responses : ctx.pages).get(url);
  if (!entry) return false;
  const { ifNoneMatch, acceptEncoding } = conditionsOf(req.rawHeaders);
  const answer = cachedAnswer(ctx, entry, url, ifNoneMatch, acceptEncoding);
  res.writeHead(answer.statusCode, answer.headers);
  res.end(req.method === 'HEAD' ? undefined : answer.body);
  ctx.analytics?.answered(req, entry, url);
  return true;
}

/**
 * Sends a cached response through Fastify, exactly as the front door would send it, and counts it
 * as the front door does.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, entry: CachedResponse) {
  const { ctx } = request.server;
  const answer = cachedAnswer(
    ctx,
    entry,
    request.url,
    request.headers['if-none-match'],
    request.headers['accept-encoding'],
  );
  ctx.analytics?.answered(request.raw, entry, request.url);
  return reply.code(answer.statusCode).headers(answer.headers).send(answer.body);
}

/**
 * Caches the JSON form of a value under the request's URL and sends it. `shows`: what of the
 * content it shows (cache/shown-content.ts); absent when it may show anything.
 */
export async function sendCachedJson(
  cache: ResponseCache,
  request: FastifyRequest,
  reply: FastifyReply,
  produce: () => Promise<{
    value: unknown;
    headers?: Record<string, string>;
    shows?: readonly string[];
    /** A search's: how many posts it found (counted by the analytics). */
    found?: number;
  }>,
) {
  const entry = await cache.getOrProduce(request.url, async () => {
    const { value, headers, shows, found } = await produce();
    const body = JSON.stringify(value);
    return { body, contentType: 'application/json; charset=utf-8', headers, shows, found };
  });
  return sendCached(request, reply, entry);
}
