import { TEXT_LENGTH } from './answer-kinds.js';

/** `scheme://[user@]host[:port]`: the host of an absolute URL (an app's `android-app://` too). */
const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/(?:[^/?#@]*@)?(\[[^\]]*\]|[^/?#:]+)/i;

/** Text from a header, safe to keep as a value: no control characters, cut. */
export const cleanText = (text: string) =>
  // eslint-disable-next-line no-control-regex -- the controls are what is dropped
  text.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, TEXT_LENGTH);

/**
 * The host a view was referred from, lower case without `www.`; undefined when there is no
 * referrer, it is not a URL, or it is this site itself (a move within the site, `host` being the
 * request's Host header).
 */
export function referrerHost(
  referer: string | undefined,
  host: string | undefined,
): string | undefined {
  if (!referer) return undefined;
  const found = ORIGIN.exec(referer);
  if (!found) return undefined;
  const from = found[1]!.toLowerCase();
  const own = host?.toLowerCase().replace(/:\d+$/, '');
  if (from === own) return undefined;
  return cleanText(from.replace(/^www\./, ''));
}

/** `utm_source` of a URL's query, lower case; undefined when it has none. */
export function utmSource(url: string): string | undefined {
  const query = url.indexOf('?');
  if (query === -1 || !url.includes('utm_source=', query)) return undefined;
  const source = new URLSearchParams(url.slice(query + 1)).get('utm_source')?.trim();
  return source ? cleanText(source.toLowerCase()) : undefined;
}
