import type { CachedResponse } from './response-cache.js';

/**
 * What the response caches may hold. Each is bounded in entries and in bytes; the bytes are the
 * operator's (`API_CACHE_MB`, `PAGE_CACHE_MB` in config.ts), the entries are fixed here. Pages are
 * larger and fewer than API answers, and kept apart so that they cannot crowd the API's out.
 */
export const API_ENTRIES = 2000;
export const PAGE_ENTRIES = 300;

/**
 * What an entry costs beyond its bodies: the entry object, its map slot, its headers and the
 * header objects of its answers (built once per variant, http/front/cached-answer.ts), about
 * 1 KiB measured on a heap snapshot; the key is counted on top.
 */
export const ENTRY_OVERHEAD = 1024;

/** The bytes an entry holds: its key, its bodies (compressed forms included), its overhead. */
export function weightOf(key: string, entry: CachedResponse): number {
  return (
    ENTRY_OVERHEAD +
    key.length +
    entry.body.length +
    (entry.br?.length ?? 0) +
    (entry.gzip?.length ?? 0)
  );
}
