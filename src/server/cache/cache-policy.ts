/**
 * What shared caches (a CDN, a proxy) and browsers may keep, in one place: every `Cache-Control`
 * this server sends is a value of this file. A public answer may be kept briefly by browsers
 * (`max-age`) and longer by shared caches (`s-maxage`), which may also serve it stale while they
 * revalidate in the background or while this server fails; every revalidation is a conditional
 * request that the ETag (a hash of the body, so it moves with the content version) answers with
 * 304 when nothing changed. Errors, rate-limited and shed answers are never stored anywhere
 * (`no-store`).
 */
export interface CachePolicyConfig {
  /** Seconds a browser may reuse a public answer without asking again. */
  maxAge: number;
  /** Seconds a shared cache may reuse it without asking again. */
  sharedMaxAge: number;
  /** Seconds past that a shared cache may serve it stale while it revalidates. */
  staleWhileRevalidate: number;
}

/**
 * The header's name, for the code that sets it: every value it takes is one of this file's, so
 * that the policies of all answers can be read here.
 */
export const CACHE_CONTROL = 'cache-control';

/**
 * An answer nobody may store: errors, rate-limited and overloaded answers, health checks, form
 * answers, the employer check, the development server's reload events.
 */
export const NO_STORE = 'no-store';

/** An answer for the holder of a link alone (a draft's preview): stored by no cache at all. */
export const PRIVATE_NO_STORE = 'private, no-store';

const YEAR = 31_536_000;

/**
 * A file whose name carries a hash of its bytes (the web build's assets, image variants, the
 * brand's fonts and theme.css): the name changes with the bytes, so every cache may keep it a
 * year without asking again.
 */
export const IMMUTABLE = `public, max-age=${YEAR}, immutable`;

/**
 * The web build's files without a hash in their names: browsers and
 * shared caches keep them an hour; a new build changes them rarely.
 */
export const STATIC_FILE = 'public, max-age=3600';

/**
 * An image by the name the content gave it (a file or the `/images/{name}` redirect to its best
 * variant): an import may replace what it answers, so caches ask again after five minutes.
 */
export const UNHASHED_IMAGE = 'public, max-age=300';

/**
 * The site's icons and web app manifest at the addresses browsers ask for by convention
 * (/favicon.ico, /apple-touch-icon.png, /manifest.webmanifest): an import may change what they
 * answer, so caches ask again after five minutes (with the ETag, a 304 when nothing changed). The
 * files they stand for are served under hashed names as well, IMMUTABLE.
 */
export const BRAND_FILE = 'public, max-age=300';

/** A day: how long a shared cache may keep serving a stored answer while this server errs. */
const STALE_IF_ERROR = 86_400;

/** The Cache-Control of a public, revalidatable answer (pages, API reads, feeds). */
export function publicCacheControl(policy: CachePolicyConfig): string {
  return [
    'public',
    `max-age=${policy.maxAge}`,
    `s-maxage=${policy.sharedMaxAge}`,
    `stale-while-revalidate=${policy.staleWhileRevalidate}`,
    `stale-if-error=${STALE_IF_ERROR}`,
  ].join(', ');
}

/**
 * The Cache-Control of a public answer while the next scheduled post goes live in `secondsLeft`:
 * no browser or shared cache may keep the answer past that moment, nor serve it stale while it
 * revalidates, so the post appears everywhere on time. Further off, the usual lifetimes.
 */
export function publicCacheControlFor(policy: CachePolicyConfig, secondsLeft: number): string {
  if (secondsLeft >= Math.max(policy.maxAge, policy.sharedMaxAge))
    return publicCacheControl(policy);
  const left = Math.max(0, secondsLeft);
  return publicCacheControl({
    maxAge: Math.min(policy.maxAge, left),
    sharedMaxAge: Math.min(policy.sharedMaxAge, left),
    staleWhileRevalidate: 0,
  });
}

/**
 * The Cache-Control for an answer of this status produced for the response caches. A 410 Gone
 * (a pruned post) is an answer about the content, as public as the page it replaces.
 */
export function cacheControlFor(statusCode: number, publicValue: string): string {
  return statusCode < 400 || statusCode === 410 ? publicValue : NO_STORE;
}
