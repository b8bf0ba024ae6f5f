/** What the analytics read of a request's headers. */
export interface VisitHeaders {
  userAgent: string;
  referer: string | undefined;
  /** The Host the request was sent to: a referrer on it is a move within the site. */
  host: string | undefined;
  forwardedFor: string | undefined;
  /** `DNT: 1` or `Sec-GPC: 1`: the reader asked not to be followed (docs/analytics.md). */
  optOut: boolean;
  /** A prefetch or prerender (`Sec-Purpose`, `Purpose`, `X-Purpose`, `X-Moz`): nobody read it yet. */
  prefetch: boolean;
  /** `Sec-Fetch-Site: same-origin`: a fetch made by the site's own page. */
  sameOrigin: boolean;
}

/**
 * The headers above, read from the raw list in one pass: `req.headers` would build an object of
 * every header first, which costs more than all the counting does (http/front/cached-answer.ts
 * reads its two headers the same way). Names are matched by length first, the cheap test.
 */
export function visitHeaders(rawHeaders: readonly string[]): VisitHeaders {
  let userAgent = '';
  let referer: string | undefined;
  let host: string | undefined;
  let forwardedFor: string | undefined;
  let optOut = false;
  let prefetch = false;
  let sameOrigin = false;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    switch (name.length) {
      case 10:
        if (name.toLowerCase() === 'user-agent') userAgent = rawHeaders[i + 1]!;
        break;
      case 7: {
        const lower = name.toLowerCase();
        if (lower === 'referer') referer = rawHeaders[i + 1];
        else if (lower === 'sec-gpc') optOut ||= rawHeaders[i + 1]!.trim() === '1';
        else if (lower === 'purpose') prefetch ||= isPrefetch(rawHeaders[i + 1]!);
        break;
      }
      case 4:
        if (name.toLowerCase() === 'host') host = rawHeaders[i + 1];
        break;
      case 15:
        if (name.toLowerCase() === 'x-forwarded-for')
          forwardedFor =
            forwardedFor === undefined
              ? rawHeaders[i + 1]
              : `${forwardedFor}, ${rawHeaders[i + 1]}`;
        break;
      case 3:
        if (name.toLowerCase() === 'dnt') optOut ||= rawHeaders[i + 1]!.trim() === '1';
        break;
      case 11:
        if (name.toLowerCase() === 'sec-purpose') prefetch ||= isPrefetch(rawHeaders[i + 1]!);
        break;
      case 9:
        if (name.toLowerCase() === 'x-purpose') prefetch ||= isPrefetch(rawHeaders[i + 1]!);
        break;
      case 5:
        if (name.toLowerCase() === 'x-moz') prefetch ||= isPrefetch(rawHeaders[i + 1]!);
        break;
      case 14:
        if (name.toLowerCase() === 'sec-fetch-site')
          sameOrigin = rawHeaders[i + 1]!.trim().toLowerCase() === 'same-origin';
        break;
    }
  }
  return { userAgent, referer, host, forwardedFor, optOut, prefetch, sameOrigin };
}

/** `prefetch`, `prefetch;prerender`, `preview` (Safari's top sites): asked ahead of a reader. */
const isPrefetch = (value: string) => /prefetch|prerender|preview/i.test(value);
