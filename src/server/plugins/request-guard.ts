import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../http/errors.js';

/** NUL, or a UTF-16 surrogate without its pair: text no database column stores as sent. */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Deeper JSON than any request of this API has; walking it further would only risk the stack. */
const MAX_DEPTH = 32;

/** True when a parsed value holds text that cannot be stored, or nests deeper than any request needs. */
export function holdsUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (value === null || typeof value !== 'object') return false;
  if (depth >= MAX_DEPTH) return true;
  const items = Array.isArray(value) ? value : Object.entries(value).flat();
  return items.some((item) => holdsUnstorableText(item, depth + 1));
}

/**
 * Refuses, before any route reads them, requests whose text PostgreSQL would reject (it stores
 * no NUL, and no lone surrogate survives encoding): a %00 anywhere in the address (path or query,
 * as the router and the query parser decode it), and such text in a JSON body. Invalid
 * percent-encoding and overlong UTF-8 never get this far: the router refuses them as bad URLs.
 * Also answers an HTTP/1.1 request without Host itself, so that it gets the error contract too.
 */
export const requestGuard: FastifyPluginAsync = fp(async (app) => {
  app.addHook('onRequest', async (request) => {
    const { url } = request;
    if (url.includes('%00') || UNSTORABLE.test(url))
      throw badRequest('The address holds a NUL character or invalid text');
    if (holdsUnstorableText(request.query))
      throw badRequest('The query string holds a NUL character or invalid text');
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined)
      throw badRequest('An HTTP/1.1 request needs a Host header');
  });
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined && holdsUnstorableText(request.body))
      throw badRequest('The body holds a NUL character, invalid text or too deep a structure');
  });
});
