import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { isApiPath } from '../../shared/paths.js';
import { securityHeadersFor } from './security-headers.js';
import { errorBody } from './errors.js';
import { smallPage } from './small-page.js';
import { CACHE_CONTROL, NO_STORE } from '../cache/cache-policy.js';

/** The stable `code` of an error by its status, when the failure names none more precise. */
const CODES: Record<number, string> = {
  400: 'bad_request',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  410: 'gone',
  411: 'length_required',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  416: 'range_not_satisfiable',
  417: 'expectation_failed',
  429: 'rate_limited',
  431: 'header_too_large',
  500: 'internal',
  503: 'unavailable',
};

export function codeForStatus(status: number): string {
  return CODES[status] ?? (status >= 500 ? 'internal' : 'bad_request');
}

/** What a reader sees on an error page; the API's message is for developers. */
const PAGE_TEXT: Record<number, [title: string, message: string]> = {
  400: ['Bad request', 'This address or request is malformed, so there is nothing to show.'],
  403: ['Forbidden', 'This file is not served.'],
  404: ['Page not found', 'There is nothing at this address. The link may be mistyped.'],
  405: ['Method not allowed', 'This address can only be read.'],
  410: ['Gone', 'This post was removed from the site.'],
  413: ['Request too large', 'The request was larger than this site accepts.'],
  414: ['Address too long', 'This address is longer than this site accepts.'],
  429: ['Too many requests', 'Please wait a minute before trying again.'],
  431: [
    'Request headers too large',
    'Your browser sent more header data (often cookies) than this site accepts.',
  ],
  503: [
    'Temporarily unavailable',
    'The site is briefly unavailable; please retry in a few seconds.',
  ],
};

/** A complete error answer: status, every header but the length, and the body. */
export interface ErrorAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** An answer ready for the wire, built once: status, every header, the body's bytes. */
export interface PreparedAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** What an error page borrows from the site: its stylesheets and look, the CSP that allows them, its language. */
export interface PageLook {
  stylesheets: readonly string[];
  styleHashes: readonly string[];
  language: string;
  /** The brand's head elements after the stylesheets (brand/site-look.ts). */
  look: string;
}

/**
 * A small page with the status, a message and a link home; its stylesheets are the site's own,
 * allowed by `style-src 'self'`.
 */
export function errorPage(status: number, look: PageLook): string {
  const [title, message] =
    PAGE_TEXT[status] ??
    (status >= 500
      ? ['Something went wrong', 'Something went wrong on our side; please retry later.']
      : ['Request refused', 'This request cannot be answered.']);
  return smallPage({
    language: look.language,
    meta: ['<meta name="robots" content="noindex">'],
    title: `${status} · ${title}`,
    stylesheets: look.stylesheets,
    look: look.look,
    main: [
      `<h1>${title}</h1>`,
      `<p>${message}</p>`,
      `<p>Error ${status}. <a href="/">Go to the home page</a></p>`,
    ],
  });
}

/**
 * Builds every error answer of the server: `{error: {code, message}}` under /api/, an HTML page
 * elsewhere, each with the security headers of its path. Used by the error and not-found handlers
 * and by the answers made before Fastify (bad URLs, the HTTP parser's errors, shutdown).
 */
export class ErrorAnswers {
  /** Same-origin stylesheets error pages link; the web mount sets the site's. */
  stylesheets: readonly string[] = [];
  private readonly prepared = new Map<
    string,
    { look: [readonly string[], readonly string[], string, string]; answer: PreparedAnswer }
  >();

  constructor(private readonly site: () => Omit<PageLook, 'stylesheets'>) {}

  answer(url: string, status: number, code: string, message: string): ErrorAnswer {
    const { styleHashes, language, look } = this.site();
    const api = isApiPath(url);
    return {
      statusCode: status,
      headers: {
        ...securityHeadersFor(url, styleHashes),
        'content-type': api ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
        [CACHE_CONTROL]: NO_STORE,
      },
      body: api
        ? JSON.stringify(errorBody(code, message))
        : errorPage(status, { stylesheets: this.stylesheets, styleHashes, language, look }),
    };
  }

  /**
   * The answer `writeTo` would send, built once per kind of path (API or page) and reused while
   * the site's look stays the same: for answers sent many times a second, such as refusals
   * under overload, where building the page each time would add to the load being refused.
   */
  prepare(
    url: string,
    status: number,
    code: string,
    message: string,
    extra: Record<string, string> = {},
  ): PreparedAnswer {
    const { styleHashes, language, look } = this.site();
    const key = `${isApiPath(url) ? 'api' : 'page'} ${status} ${code}`;
    const held = this.prepared.get(key);
    const [hashes, sheets, lang, head] = held?.look ?? [];
    if (
      held &&
      hashes === styleHashes &&
      sheets === this.stylesheets &&
      lang === language &&
      head === look
    )
      return held.answer;
    const answer = this.answer(url, status, code, message);
    const body = Buffer.from(answer.body);
    const headers = { ...answer.headers, ...extra, 'content-length': String(body.length) };
    const prepared = { statusCode: status, headers, body };
    this.prepared.set(key, {
      look: [styleHashes, this.stylesheets, language, look],
      answer: prepared,
    });
    return prepared;
  }

  /** Writes an answer on a raw response (no body for HEAD: Node drops it). */
  writeTo(res: ServerResponse, answer: ErrorAnswer, extra: Record<string, string> = {}): void {
    const body = Buffer.from(answer.body);
    res.writeHead(answer.statusCode, {
      ...answer.headers,
      ...extra,
      'content-length': String(body.length),
    });
    res.end(body);
  }

  /** Writes an answer straight on a socket whose request the HTTP parser refused, then closes it. */
  writeToSocket(socket: Duplex, answer: ErrorAnswer): void {
    const body = Buffer.from(answer.body);
    const head = [
      `HTTP/1.1 ${answer.statusCode} ${STATUS_CODES[answer.statusCode] ?? 'Error'}`,
      ...Object.entries(answer.headers).map(([name, value]) => `${name}: ${value}`),
      `content-length: ${body.length}`,
      'connection: close',
      '',
      '',
    ].join('\r\n');
    socket.write(Buffer.concat([Buffer.from(head, 'latin1'), body]));
  }
}
