import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { weightOf } from './byte-budget.js';
import { RecentAsks } from './recent-asks.js';
import { utf8Bytes } from '../http/utf8-bytes.js';

/** A response serialized once, as bytes, and served until content changes. */
export interface CachedResponse {
  statusCode: number;
  body: Buffer;
  etag: string;
  contentType: string;
  headers: Record<string, string>;
  /** What of the content it shows (`Produced.shows`). */
  shows: readonly string[] | undefined;
  /** A search's answer: the posts it found (`Produced.found`), which the analytics count. */
  found: number | undefined;
  /** Compressed forms, made on the first request that accepts them. */
  br?: Buffer;
  /** True once `br` is the form kept for repeated answers (FIRST_BROTLI, KEPT_BROTLI). */
  brKept?: boolean;
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
  /**
   * What of the content it shows, as shown-content.ts names it, so that an import
   * that changed none of it leaves it cached; absent when it may show anything.
   */
  shows?: readonly string[];
  /** False keeps the response out of the cache (e.g. a 404 for an arbitrary URL). */
  cacheable?: boolean;
  /** A search's answer: how many posts it found, all pages together. */
  found?: number;
}

/** Smaller bodies gain less from compression than the header costs. */
const COMPRESS_FROM = 1024;

/**
 * Brotli in two steps. An answer no cache holds yet is compressed as it is sent, on every cold
 * path a browser takes: quality 3 makes a post's JSON or page within 5–10 % of quality 5's size
 * in a third to half of its time. An entry asked for again is likely to be asked for often: its
 * brotli form is then made again at quality 5, once, and kept (`node bench/compression.js`;
 * docs/performance.md, "Response cache").
 */
const FIRST_BROTLI = 3;
const KEPT_BROTLI = 5;

/**
 * Brotli's options for a body of `size` bytes: a window just large enough for it, not the default
 * 4 MB one, which each call would allocate and which stays in the process's heap afterwards.
 */
function brotliOptions(quality: number, size: number) {
  const fits = Math.ceil(Math.log2(size + 16));
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_LGWIN]: Math.min(
        constants.BROTLI_DEFAULT_WINDOW,
        Math.max(constants.BROTLI_MIN_WINDOW_BITS, fits),
      ),
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

export function etagOf(body: Buffer | string): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/** The ETag of an encoded form: a different representation needs a different strong tag. */
export function variantEtag(etag: string, encoding: 'br' | 'gzip'): string {
  return `${etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"`;
}

/**
 * Whether a request's If-None-Match names the current ETag or one of its encoded forms', by
 * HTTP's weak comparison (RFC 9110, 13.1.2): `*`, or any tag of a list, with or without `W/`. A
 * proxy that compresses responses (nginx does) weakens the ETag it passes on, and browsers send
 * that form back; a cache that stored the brotli form revalidates with that form's tag.
 */
export function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch === etag) return true;
  const opaque = etag.slice(0, -1);
  for (const tag of ifNoneMatch.split(',')) {
    const trimmed = tag.trim();
    if (trimmed === '*') return true;
    const strong = trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed;
    if (strong === etag || strong === `${opaque}-br"` || strong === `${opaque}-gz"`) return true;
  }
  return false;
}

/**
 * A bounded map of serialized responses, evicting the least recently used by "second chance": a
 * hit only marks its entry, so serving from the cache costs no reordering; eviction walks from
 * the oldest, moving marked entries to the back. `clear()` is called whenever the content version
 * changes; a response produced while content changed is not stored.
 *
 * The bound is in bytes (byte-budget.ts, `weightOf`: bodies, compressed forms, key and a fixed overhead) and in
 * entries. An answer heavier than half the byte bound is served but not stored, so that one
 * large body (the sitemap of a big site) cannot empty the cache of everything else. With
 * `admission: 'second-ask'` (the server's caches) an answer is stored only when its key was
 * asked for lately already (recent-asks.ts); `'first-ask'` stores every answer.
 */
export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private readonly asks: RecentAsks | undefined;
  private generation = 0;
  private bytes = 0;

  constructor(
    private readonly maxEntries = 2000,
    readonly maxBytes = 8 * 1024 * 1024,
    admission: 'first-ask' | 'second-ask' = 'first-ask',
  ) {
    // Keys are remembered for at least twice as many other asks as the cache holds entries.
    if (admission === 'second-ask') this.asks = new RecentAsks(Math.max(64, 2 * maxEntries));
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes held now, as `weightOf` counts them; never above `maxBytes` between calls. */
  get bytesHeld(): number {
    return this.bytes;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  /**
   * Drops every entry `keep` refuses. Like `clear`, nothing produced before the call is stored
   * after it: it may have read what changed.
   */
  retainOnly(keep: (entry: CachedResponse) => boolean): void {
    this.generation += 1;
    for (const [key, entry] of this.entries)
      if (!keep(entry)) {
        this.entries.delete(key);
        this.bytes -= weightOf(key, entry);
      }
  }

  /** Counts bytes an entry gained (or lost) while stored: a compressed form; then trims. */
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
      } else this.bytes -= weightOf(key, oldest);
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
    const body = utf8Bytes(produced.body);
    // Every field from the start, so all entries share one V8 shape: the cached answer reads
    // them on every request, and entries that gained fields later would make those reads
    // polymorphic.
    const entry: CachedResponse = {
      statusCode: produced.statusCode ?? 200,
      body,
      etag: etagOf(body),
      contentType: produced.contentType,
      headers: produced.headers ?? {},
      shows: produced.shows,
      found: produced.found,
      br: undefined,
      brKept: false,
      gzip: undefined,
      owner: undefined,
      key: undefined,
      used: false,
    };
    const weight = weightOf(key, entry);
    if (
      generation === this.generation &&
      produced.cacheable !== false &&
      weight <= this.maxBytes / 2 &&
      !this.entries.has(key) &&
      (this.asks === undefined || this.asks.askedBefore(key))
    ) {
      entry.owner = this;
      entry.key = key;
      this.entries.set(key, entry);
      this.bytes += weight;
      this.trim();
    }
    return entry;
  }
}

/** The encoding an answer from `entry` takes for a client that accepts `accepted`. */
export function encodingFor(
  accepted: string | undefined,
  entry: CachedResponse,
): 'br' | 'gzip' | undefined {
  if (!accepted || entry.body.length < COMPRESS_FROM) return undefined;
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

/** The best encoding the client accepts for this entry, compressing it once if needed. */
export function encode(
  accepted: string | undefined,
  entry: CachedResponse,
): { name?: 'br' | 'gzip'; body: Buffer } {
  const name = encodingFor(accepted, entry);
  if (name === 'br') {
    if (!entry.br) {
      entry.br = brotliCompressSync(entry.body, brotliOptions(FIRST_BROTLI, entry.body.length));
      entry.owner?.grew(entry, entry.br.length);
    } else if (!entry.brKept && entry.owner) {
      const first = entry.br;
      entry.br = brotliCompressSync(entry.body, brotliOptions(KEPT_BROTLI, entry.body.length));
      entry.brKept = true;
      entry.owner.grew(entry, entry.br.length - first.length);
    }
    return { name, body: entry.br };
  }
  if (name === 'gzip') {
    if (!entry.gzip) {
      entry.gzip = gzipSync(entry.body, { level: 6 });
      entry.owner?.grew(entry, entry.gzip.length);
    }
    return { name, body: entry.gzip };
  }
  return { body: entry.body };
}
