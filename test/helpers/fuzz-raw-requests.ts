import { ROUTES } from './fuzz-paths.js';
import type { FuzzRandom } from './fuzz-random.js';

/** A request written byte for byte on a socket, and what it asks for. */
export interface RawFuzzRequest {
  method: string;
  /** The request target, as the server reads it to choose JSON or a page. */
  path: string;
  bytes: Buffer;
}

/** URLs asked again and again, so that later requests are answered by the cache in front. */
const CACHED = ['/api/posts?page=1', '/api/postcates', '/posts', '/', '/api/post/story-1'];
const RAW_BYTES = ['\0', ' ', '\x7f', '\x80', '\xff', '\t', '"', '<', '{', '\x01'];

function rawTarget(r: FuzzRandom): string {
  const roll = r.next();
  if (roll < 0.25) return r.pick(CACHED);
  if (roll < 0.3) return r.pick(['*', 'http://x/api/posts', '', 'api/posts', '/api/posts#x']);
  // The URL parser of inject would have encoded these: here they go raw.
  const url = r
    .pick(ROUTES)(r)
    .replace(/[^\x21-\x7e]+/g, (text) =>
      [...Buffer.from(text)]
        .map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`)
        .join(''),
    );
  if (!r.chance(0.3)) return url;
  const at = r.int(url.length + 1);
  return url.slice(0, at) + r.pick(RAW_BYTES) + url.slice(at);
}

/** One raw request: odd request lines, versions and headers for the HTTP parser itself. */
export function rawFuzzRequest(r: FuzzRandom): RawFuzzRequest {
  const roll = r.next();
  const method =
    roll < 0.6
      ? 'GET'
      : roll < 0.7
        ? 'HEAD'
        : roll < 0.85
          ? 'POST'
          : r.pick(['DELETE', 'PROPFIND', 'OPTIONS', 'FOO', 'get', 'G\0T', 'PRI']);
  const target = rawTarget(r);
  // The target ends at the first space, as the parser reads it.
  const path = target.split(' ')[0]!;
  const version = r.chance(0.9)
    ? 'HTTP/1.1'
    : r.pick(['HTTP/1.0', 'HTTP/2.0', 'HTTP/1.1x', 'HTTP/9.9', 'HTTP/1', '']);
  const lines = [`${method} ${target} ${version}`.trimEnd()];
  if (r.chance(0.93)) lines.push('Host: x');
  for (let n = r.int(3); n > 0; n--) {
    lines.push(
      r.pick<() => string>([
        () => `X-Big: ${'a'.repeat(17_000 + r.int(10_000))}`,
        () => Array.from({ length: 150 }, (_, i) => `X-N${i}: v`).join('\r\n'),
        () => 'Bad Header: y',
        () => 'X-Nul: a\0b',
        () => 'X-Bytes: \xff\xfe',
        () => `Expect: ${r.pick(['teapot', '100-continue'])}`,
        () => 'Content-Length: abc',
        () => ' folded continuation',
        () => 'If-None-Match: *',
        () => 'Accept-Encoding: br',
        () => `X-Forwarded-For: ${r.pick(['1.1.1.1', 'zz', ''])}`,
        () => ':empty-name',
      ])(),
    );
  }
  lines.push('Connection: close');
  let payload = '';
  if (method === 'POST' || r.chance(0.05)) {
    payload = r.pick([
      '{"email":"a@b.co"}',
      '{"email":"\\u0000"}',
      '{"email":',
      '[]',
      '{"name":"A","email":"a@b.co","subject":"S","message":"\\ud800"}',
    ]);
    lines.push('Content-Type: application/json');
    if (r.chance(0.85)) lines.push(`Content-Length: ${Buffer.byteLength(payload)}`);
    else {
      lines.push('Transfer-Encoding: chunked');
      payload = r.chance(0.5)
        ? `${Buffer.byteLength(payload).toString(16)}\r\n${payload}\r\n0\r\n\r\n`
        : `zz\r\n${payload}\r\n0\r\n\r\n`;
    }
  }
  const bytes = Buffer.from(`${lines.join('\r\n')}\r\n\r\n${payload}`, 'latin1');
  return { method, path, bytes };
}
