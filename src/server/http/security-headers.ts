/**
 * The security headers of every answer, by path: the API's set, an image's or a page's. Pure
 * data, shared by the front door's cached answers, the error answers and the Fastify hook
 * (plugins/security-headers.ts), so that every way of answering sends the same set.
 */
import { createHash } from 'node:crypto';
import { BRAND_ROUTES, FEED_ROUTES, IMAGES_PREFIX, isApiPath } from '../../shared/paths.js';
import { FRAME_HOSTS } from '../content/markdown/frame-hosts.js';

/** The CSP source that allows an inline stylesheet with exactly this text. */
export const styleHash = (css: string) =>
  `sha256-${createHash('sha256').update(css).digest('base64')}`;

/**
 * Scripts only from this origin: no inline script at all (hydration data travels as a JSON data
 * block, which CSP does not execute). Styles from this origin plus the stylesheets the pages
 * inline (the app's and the brand's), each allowed by its hash; no inline style attributes.
 */
export function contentSecurityPolicy(styleHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    ["style-src 'self'", ...styleHashes.map((hash) => `'${hash}'`)].join(' '),
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    ['frame-src', ...FRAME_HOSTS.map((host) => `https://${host}`)].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** JSON is never a document: it may load nothing and be framed nowhere. */
const API_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
};

const OTHER_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
};

/**
 * An image is opened on its own, not only embedded: even a file that is no image (or an SVG
 * with a script) may then run nothing, load nothing and is sandboxed as a unique origin.
 */
export const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
const IMAGE_HEADERS: Record<string, string> = {
  ...OTHER_HEADERS,
  'content-security-policy': IMAGE_CSP,
};

/**
 * Feeds, the sitemap, robots.txt and the web app manifest are data: a browser that renders an XML feed as a document
 * (an element in the XHTML namespace, say) may run and load nothing from it.
 */
const FEED_HEADERS: Record<string, string> = {
  ...OTHER_HEADERS,
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

/** A feed's, a sitemap file's, robots.txt's or the manifest's address (the query string aside). */
const isFeedPath = (url: string) => {
  const path = url.split('?', 1)[0]!;
  return (
    path === FEED_ROUTES.rss ||
    path === BRAND_ROUTES.manifest ||
    path === FEED_ROUTES.sitemap ||
    path === FEED_ROUTES.robots ||
    ((path.startsWith('/feeds/') || path.startsWith('/sitemap-')) && path.endsWith('.xml'))
  );
};

/** The icons at the addresses browsers ask for outside /images/ (/favicon.ico, /apple-touch-icon.png). */
const isIconPath = (url: string) => {
  const path = url.split('?', 1)[0]!;
  return path === BRAND_ROUTES.favicon || path === BRAND_ROUTES.appleTouchIcon;
};

let pageHeadersFor: readonly string[] | undefined;
let pageHeaders: Record<string, string> = {};

/** The security headers of a response to `url`: the API's set, an image's, a feed's or a page's. */
export function securityHeadersFor(
  url: string,
  styleHashes: readonly string[],
): Record<string, string> {
  if (isApiPath(url)) return API_HEADERS;
  if (url.startsWith(IMAGES_PREFIX) || isIconPath(url)) return IMAGE_HEADERS;
  if (isFeedPath(url)) return FEED_HEADERS;
  if (styleHashes !== pageHeadersFor) {
    pageHeaders = {
      'content-security-policy': contentSecurityPolicy(styleHashes),
      ...OTHER_HEADERS,
    };
    pageHeadersFor = styleHashes;
  }
  return pageHeaders;
}
