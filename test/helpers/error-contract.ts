import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { isApiPath } from '../../src/shared/paths.js';

/** A body as sent, decoded from the Content-Encoding the server chose. */
export function decodedBody(raw: Buffer, encoding: unknown): string {
  if (raw.length === 0) return '';
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  return raw.toString('utf8');
}

/** An answer as a test saw it, from `inject()` or from a raw socket. */
export interface SeenAnswer {
  method: string;
  /** The path the server saw, before any query string. */
  path: string;
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** An inline script that would run: no `src`, and not the JSON data block pages carry. */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>/i;

const header = (answer: SeenAnswer, name: string) => {
  const value = answer.headers[name];
  return Array.isArray(value) ? value.join(', ') : value === undefined ? undefined : String(value);
};

/**
 * What is wrong with an answer under the error contract: no 5xx; CSP and nosniff on every
 * answer; an error under /api/ is `{error: {code, message}}` with string fields; an error
 * anywhere else is an HTML page with a link home and no inline script or style attribute.
 * Empty when the answer keeps the contract.
 */
export function contractProblems(answer: SeenAnswer, options: { allow5xx?: boolean } = {}) {
  const problems: string[] = [];
  const { statusCode, path } = answer;
  if (statusCode >= 500 && !options.allow5xx) problems.push(`status ${statusCode}`);
  if (!header(answer, 'content-security-policy')) problems.push('no Content-Security-Policy');
  if (header(answer, 'x-content-type-options') !== 'nosniff') problems.push('no nosniff');
  if (statusCode < 400) return problems;
  const type = header(answer, 'content-type') ?? '';
  const hasBody = answer.method !== 'HEAD';
  if (isApiPath(path)) {
    if (!type.startsWith('application/json')) problems.push(`API error as ${type || 'no type'}`);
    if (hasBody) {
      try {
        const error = (JSON.parse(answer.body) as { error?: { code?: unknown; message?: unknown } })
          .error;
        if (typeof error?.code !== 'string' || error.code === '')
          problems.push(`no string error.code in ${answer.body.slice(0, 200)}`);
        if (typeof error?.message !== 'string')
          problems.push(`no string error.message in ${answer.body.slice(0, 200)}`);
      } catch {
        problems.push(`API error body is not JSON: ${answer.body.slice(0, 200)}`);
      }
    }
  } else {
    if (!type.startsWith('text/html')) problems.push(`page error as ${type || 'no type'}`);
    if (hasBody) {
      if (!/^<!doctype html>/i.test(answer.body)) problems.push('page error is not an HTML page');
      if (!answer.body.includes('href="/"')) problems.push('page error has no link home');
      if (INLINE_SCRIPT.test(answer.body)) problems.push('page error has an inline script');
      if (/\sstyle=/i.test(answer.body)) problems.push('page error has a style attribute');
    }
  }
  return problems;
}
