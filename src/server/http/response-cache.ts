import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A response body serialized once and served until content changes. */
export interface CachedResponse {
  statusCode: number;
  body: string;
  etag: string;
  contentType: string;
  headers: Record<string, string>;
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

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/**
 * A bounded least-recently-used map of serialized responses. `clear()` is called whenever the
 * content version changes; a response produced while content changed is not stored.
 */
export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private generation = 0;

  constructor(private readonly maxEntries = 2000) {}

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get(key: string): CachedResponse | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** Returns the cached response for `key`, producing and storing it when missing. */
  async getOrProduce(key: string, produce: () => Promise<Produced>): Promise<CachedResponse> {
    const hit = this.get(key);
    if (hit) return hit;
    const generation = this.generation;
    const produced = await produce();
    const entry: CachedResponse = {
      statusCode: produced.statusCode ?? 200,
      body: produced.body,
      etag: etagOf(produced.body),
      contentType: produced.contentType,
      headers: produced.headers ?? {},
    };
    if (generation === this.generation && produced.cacheable !== false) {
      this.entries.set(key, entry);
      if (this.entries.size > this.maxEntries) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
    }
    return entry;
  }
}

/** Sends a cached response, or 304 when the client already holds this version. */
export function sendCached(request: FastifyRequest, reply: FastifyReply, entry: CachedResponse) {
  reply.header('etag', entry.etag).header('cache-control', REVALIDATE);
  for (const [name, value] of Object.entries(entry.headers)) reply.header(name, value);
  if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
  return reply.code(entry.statusCode).type(entry.contentType).send(entry.body);
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
