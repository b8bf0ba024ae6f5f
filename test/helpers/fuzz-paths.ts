import type { FuzzRandom } from './fuzz-random.js';

/** Pieces a mutated path segment or query value is made of. */
const PIECES: readonly ((r: FuzzRandom) => string)[] = [
  // NUL, raw and encoded
  () => '%00',
  () => 'a%00b',
  () => '\0',
  // valid percent-encodings
  (r) =>
    r.pick(['%20', '%2F', '%2f', '%C3%A9', '%F0%9F%99%82', '%25', '%3F', '%23', '%2E%2E', '+']),
  // broken ones, overlong and surrogate UTF-8, beyond U+10FFFF
  (r) =>
    r.pick([
      '%',
      '%z',
      '%zz',
      '%E0%A4%A',
      '%FF',
      '%C0%80',
      '%C0%AF',
      '%E0%80%AF',
      '%ED%A0%80',
      '%ED%BF%BF',
      '%F4%90%80%80',
      '%F8%88%80%80%80',
      '%u0041',
      '%%',
    ]),
  // numbers a page or an id may be
  (r) =>
    r.pick([
      '0',
      '-1',
      '1.5',
      '-0',
      '1e3',
      '1e400',
      '99999999999999999999',
      '2147483648',
      '9007199254740993',
      'NaN',
      'Infinity',
      '0x1F',
      '%201',
      '01',
      '-2.5',
    ]),
  // text, unicode and lone surrogates (the URL parser encodes these)
  (r) => r.pick(['é', '中文', '🙂', '\u202E', '\uFEFF', '\uD800', '\uDC00x', 'ｆｕｌｌ', 'Ω≈ç√']),
  // very long
  (r) => 'a'.repeat(1 + r.int(r.chance(0.5) ? 600 : 12_000)),
  (r) => '%41'.repeat(1 + r.int(3000)),
  // syntax of paths, HTML and the search engines
  (r) =>
    r.pick([
      '..',
      '.',
      '',
      '//',
      '\\',
      '<script>alert(1)</script>',
      "'",
      '"',
      ';',
      '*',
      '~',
      '|',
      '{}',
      'NEAR(',
      'AND',
      '"unbalanced',
      '-x',
      'story-1',
      'news',
    ]),
];

export function mutated(r: FuzzRandom, real: readonly string[]): string {
  if (r.chance(0.3)) return r.pick(real);
  let text = r.chance(0.3) ? r.pick(real) : '';
  for (let n = 1 + r.int(3); n > 0; n--) text += r.pick(PIECES)(r);
  return text;
}

const SLUGS = ['story-1', 'story-7', 'story-15', 'no-such-post', 'resume', 'posts'];
const CATEGORY_IDS = ['1', '2', '999'];
const TEXTS = ['story', 'number 3', 'zephyr', 'news'];
const PAGES = ['1', '2', '3'];

function query(r: FuzzRandom): string {
  if (r.chance(0.4)) return '';
  const parts = [`page=${mutated(r, PAGES)}`];
  if (r.chance(0.15)) parts.push(`page=${mutated(r, PAGES)}`);
  if (r.chance(0.2)) parts.push(`${mutated(r, ['x', 'q'])}=${mutated(r, TEXTS)}`);
  return `?${parts.join('&')}`;
}

/** Paths built from the real routes, their segments mutated. */
export const ROUTES: readonly ((r: FuzzRandom) => string)[] = [
  () => '/api/postcates',
  (r) => `/api/posts${query(r)}`,
  (r) => `/api/postsCate/${mutated(r, CATEGORY_IDS)}${query(r)}`,
  (r) => `/api/post/${mutated(r, SLUGS)}`,
  (r) => `/api/posts/${mutated(r, TEXTS)}${query(r)}`,
  () => '/api/site',
  () => '/api/openapi.json',
  (r) => `/api/${mutated(r, ['posts', 'nope'])}`,
  () => '/',
  (r) => `/posts${query(r)}`,
  (r) => `/posts?q=${mutated(r, TEXTS)}`,
  (r) => `/posts/${mutated(r, TEXTS)}${query(r)}`,
  (r) => `/cate/${mutated(r, CATEGORY_IDS)}${query(r)}`,
  (r) => `/${mutated(r, SLUGS)}`,
  () => '/resume',
  () => '/rss.xml',
  (r) => `/feeds/${mutated(r, ['news', 'nope'])}.xml`,
  () => '/sitemap.xml',
  (r) => `/sitemap-${mutated(r, ['pages-1', 'posts-1', 'posts-9', 'nope'])}.xml`,
  () => '/robots.txt',
  () => '/healthz',
  () => '/readyz',
  (r) => `/images/${mutated(r, ['cover.svg', 'nope.png'])}`,
  (r) => `/assets/${mutated(r, ['x.js'])}`,
  () => '/favicon.ico',
  () => '/manifest.webmanifest',
  (r) => `/images/cards/${mutated(r, SLUGS)}.0123456789ab.png`,
  () => '/index.html',
  (r) => `/${mutated(r, SLUGS)}/${mutated(r, SLUGS)}`,
];
