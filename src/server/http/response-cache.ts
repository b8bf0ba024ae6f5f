import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { securityHeadersFor } from '../plugins/security-headers.js';

/** A response serialized once, as bytes, and served until content changes. */
export interface CachedResponse {
  statusCode: number;
  body: Buffer;
  etag: string;
  contentType: string;
  headers: Record<string, string>;
  /** Compressed forms, made on the first request that accepts them. */
  br?: Buffer;
  gzip?: Buffer;
  /** The cache holding it and the key, so it can be told when a compressed form adds bytes. */
  owner?: ResponseCache;
  key?: string;
  /** Served since eviction last passed it: it gets a second chance. */
  used?: boolean;
}

export interface Produced {
  statusCode?: number;
  body: string;
  contentType: string;
  headers?: Record<string, string>;
  /** False keeps the response out of the cache (e.g. a 404 for an arbitrary URL). */
  cacheable?: boolean;
}

export const REVALIDATE = 'public, max-age=0, must-revalidate';
/** Smaller bodies gain less from compression than the header costs. */
const COMPRESS_FROM = 1024;

export function etagOf(body: Buffer | string): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/**
 * Whether a request's If-None-Match names the current ETag, by HTTP's weak comparison (RFC 9110,
 * 13.1.2): `*`, or any tag of a list, with or without `W/`. A proxy that compresses responses
 * (nginx does) weakens the ETag it passes on, and browsers send that form back.
 */
export function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch === etag) return true;
  for (const tag of ifNoneMatch.split(',')) {
    const trimmed = tag.trim();
    if (trimmed === '*' || (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === etag)
      return true;
  }
  return false;
}

/**
 * A bounded map of serialized responses, evicting the least recently used by "second chance": a
 * hit only marks its entry, so serving from the cache costs no reordering; eviction walks from
 * the oldest, moving marked entries to the back. `clear()` is called whenever the content version
 * changes; a response produced while content changed is not stored.
 */
export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private generation = 0;
  private bytes = 0;

  /** Bounded by entry count and by the bytes of their bodies (compressed forms included). */
  constructor(
    private readonly maxEntries = 2000,
    private readonly maxBytes = 24 * 1024 * 1024,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  private static weight(entry: CachedResponse): number {
    return entry.body.length + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0);
  }

  /** Counts bytes an entry gained while stored (a compressed form), then trims. */
  grew(entry: CachedResponse, by: number): void {
    if (entry.key === undefined || this.entries.get(entry.key) !== entry) return;
    this.bytes += by;
    this.trim();
  }

  private trim(): void {
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const [key, oldest] = this.entries.entries().next().value!;
      this.entries.delete(key);
      if (oldest.used) {
        oldest.used = false;
        this.entries.set(key, oldest);
      } else this.bytes -= ResponseCache.weight(oldest);
    }
  }

  get(key: string): CachedResponse | undefined {
    const hit = this.entries.get(key);
    if (hit) hit.used = true;
    return hit;
  }

  /** Returns the cached response for `key`, producing and storing it when missing. */
  async getOrProduce(key: string, produce: () => Promise<Produced>): Promise<CachedResponse> {
    const hit = this.get(key);
    if (hit) return hit;
    const generation = this.generation;
    const produced = await produce();
    const body = Buffer.from(produced.body);
    // Every field from the start, so all entries share one V8 shape: the cached answer reads
    // them on every request, and entries that gained fields later would make those reads
    // polymorphic.
    const entry: CachedResponse = {
      statusCode: produced.statusCode ?? 200,
      body,
      etag: etagOf(body),
      contentType: produced.contentType,
      headers: produced.headers ?? {},
      br: undefined,
      gzip: undefined,
      owner: undefined,
      key: undefined,
      used: false,
    };
    if (generation === this.generation && produced.cacheable !== false && !this.entries.has(key)) {
      entry.owner = this;
      entry.key = key;
      this.entries.set(key, entry);
      this.bytes += ResponseCache.weight(entry);
      this.trim();
    }
    return entry;
  }
}

/** The best encoding the client accepts for this entry, compressing it once if needed. */
export function encode(
  accepted: string | undefined,
  entry: CachedResponse,
): { name?: 'br' | 'gzip'; body: Buffer } {
  if (!accepted || entry.body.length < COMPRESS_FROM) return { body: entry.body };
  if (/\bbr\b/.test(accepted)) {
    if (!entry.br) {
      entry.br = brotliCompressSync(entry.body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
      });
      entry.owner?.grew(entry, entry.br.length);
    }
    return { name: 'br', body: entry.br };
  }
  if (/\bgzip\b/.test(accepted)) {
    if (!entry.gzip) {
      entry.gzip = gzipSync(entry.body, { level: 6 });
      entry.owner?.grew(entry, entry.gzip.length);
    }
    return { name: 'gzip', body: entry.gzip };
  }
  return { body: entry.body };
}

type Wire = Record<string, string>;
/** Per entry, the complete header objects of its answers, built once: 304, identity, br, gzip. */
const answerHeaderCache = new WeakMap<CachedResponse, Map<string, Wire>>();

/**
 * Every header of one answer from `entry`: the security headers, the caching headers, the
 * entry's own and, with a body, its type, length and encoding. Built once per entry and variant,
 * so both ways of answering from the cache send the same headers without per-request work.
 */
export function answerHeaders(
  entry: CachedResponse,
  security: Wire,
  variant: '304' | 'identity' | 'br' | 'gzip',
  body?: Buffer,
): Wire {
  let variants = answerHeaderCache.get(entry);
  if (!variants) {
    variants = new Map();
    answerHeaderCache.set(entry, variants);
  }
  let headers = variants.get(variant);
  if (!headers) {
    headers = {
      ...security,
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
 * What a cached entry answers to a GET: 304 when the client's copy is current, else the body in
 * the best encoding the client accepts.
 */
export interface CachedAnswer {
  statusCode: number;
  headers: Wire;
  /** Absent for a 304. */
  body?: Buffer;
}

/** The answer from `entry` to a request for `url` with these two request headers. */
export function cachedAnswer(
  entry: CachedResponse,
  url: string,
  inlineStyleHashes: readonly string[],
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
): CachedAnswer {
  const security = securityHeadersFor(url, inlineStyleHashes);
  if (isNotModified(ifNoneMatch, entry.etag))
    return { statusCode: 304, headers: answerHeaders(entry, security, '304') };
  const { name = 'identity', body } = encode(acceptEncoding, entry);
  return {
    statusCode: entry.statusCode,
    headers: answerHeaders(entry, security, name, body),
    body,
  };
}

/** Sends a cached response through Fastify, compressed when accepted, or 304 when current. */
export function sendCached(request: FastifyRequest, reply: FastifyReply, entry: CachedResponse) {
  const answer = cachedAnswer(
    entry,
    request.url,
    request.server.ctx.inlineStyleHashes,
    request.headers['if-none-match'],
    request.headers['accept-encoding'],
  );
  return reply.code(answer.statusCode).headers(answer.headers).send(answer.body);
}

/** Caches the JSON form of a value under the request's URL and sends it. */
export async function sendCachedJson(
  cache: ResponseCache,
  request: FastifyRequest,
  reply: FastifyReply,
  produce: () => Promise<{ value: unknown; headers?: Record<string, string> }>,
) {
  const entry = await cache.getOrProduce(request.url, async () => {
    const { value, headers } = await produce();
    return { body: JSON.stringify(value), contentType: 'application/json; charset=utf-8', headers };
  });
  return sendCached(request, reply, entry);
}
