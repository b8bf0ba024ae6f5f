import { METHODS } from 'node:http';
import type { InjectOptions } from 'fastify';
import { mutated, ROUTES } from './fuzz-paths.js';
import type { FuzzRandom } from './fuzz-random.js';

const ODD_HEADERS: readonly ((r: FuzzRandom) => [string, string])[] = [
  (r) => ['accept-encoding', r.pick(['br', 'gzip', 'br, gzip', 'identity', 'zz;q=x', '*'])],
  (r) => ['if-none-match', r.pick(['*', '"x"', 'W/"x"', '"', ', ,', 'x'.repeat(2000)])],
  (r) => ['if-modified-since', r.pick(['yesterday', 'Thu, 01 Jan 1970 00:00:00 GMT', '-1'])],
  (r) => ['range', r.pick(['bytes=0-0', 'bytes=-1', 'bytes=5-1', 'bytes=x', 'lines=1-2'])],
  (r) => ['accept', r.pick(['*/*', 'text/html', 'application/json', '', 'x/'])],
  (r) => ['x-forwarded-for', r.pick(['1.2.3.4', 'garbage', '1.2.3.4, ::1', ''])],
  (r) => ['content-type', r.pick(['application/json', 'text/plain', 'x/y; charset=zz', ';;'])],
  (r) => ['cookie', 'a='.concat('b'.repeat(r.int(4000)))],
  (r) => ['accept-language', r.pick(['en', '*', 'zz-ZZ;q=2', ''])],
  (r) => ['user-agent', 'u'.repeat(r.int(3000))],
];

const EMAILS = ['boss@example.com', 'guess@example.com', '', 'a\u0000b@x.co', '\uD800@x.co'];

function jsonBody(r: FuzzRandom): unknown {
  return r.pick<() => unknown>([
    () => ({ email: r.pick(EMAILS) }),
    () => ({ email: r.pick([42, null, true, [], {}, 'x'.repeat(400)]) }),
    () => ({ email: 'a@b.co', extra: 1 }),
    () => ({
      name: mutated(r, ['Ann']),
      email: r.pick(['ann@example.com', 'not-an-email', 'a\u0000@b.co']),
      subject: mutated(r, ['Hello']),
      message: mutated(r, ['A message']),
    }),
    () => ({ name: 1, email: 2, subject: 3, message: 4 }),
    () => r.pick([[], null, 'text', 0, false]),
    () => JSON.parse(`${'['.repeat(200)}${']'.repeat(200)}`),
  ])();
}

function body(r: FuzzRandom): Pick<InjectOptions, 'payload' | 'headers'> {
  const kind = r.int(6);
  if (kind <= 2) return { payload: jsonBody(r) as object };
  const [payload, type] = r.pick<[string, string | undefined]>([
    ['{"email":', 'application/json'],
    ['', 'application/json'],
    ['{"email":"a"}', 'text/plain'],
    ['email=a%40b.co', 'application/x-www-form-urlencoded'],
    ['{"email":"a"}', undefined],
    ['{"email":"\\u0000"}', 'application/json'],
    ['{"email":"\\ud800"}', 'application/json'],
    [`{"email":"${'x'.repeat(70_000)}"}`, 'application/json'],
    ['\u0000\u0001\u0002', 'application/octet-stream'],
  ]);
  return { payload, headers: type === undefined ? {} : { 'content-type': type } };
}

/** The URL Fastify sees for an injected one (light-my-request parses it as WHATWG URL does). */
export function injectedUrl(url: string): URL | undefined {
  try {
    return url.startsWith('//')
      ? new URL(`http://localhost${url}`)
      : new URL(url, 'http://localhost');
  } catch {
    return undefined;
  }
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const OTHER_METHODS = METHODS.filter((m) => !['GET', 'HEAD', 'POST', 'CONNECT'].includes(m));

/** One request for `app.inject()`: a method, a mutated URL of a real route, odd headers, a body. */
export function fuzzRequest(r: FuzzRandom): InjectOptions {
  const roll = r.next();
  const method =
    roll < 0.55 ? 'GET' : roll < 0.65 ? 'HEAD' : roll < 0.85 ? 'POST' : r.pick(OTHER_METHODS);
  let url =
    method === 'POST' && r.chance(0.7)
      ? r.pick(['/api/employer-check', '/api/contact'])
      : r.pick(ROUTES)(r);
  // What light-my-request cannot parse never reaches the server: it is asked for no answer.
  if (injectedUrl(url) === undefined) url = '/posts';
  const headers: Record<string, string> = {};
  for (let n = r.int(3); n > 0; n--) {
    const [name, value] = r.pick(ODD_HEADERS)(r);
    headers[name] = value;
  }
  const request: InjectOptions = {
    method: method as InjectOptions['method'],
    url,
    headers,
    remoteAddress: `10.1.${r.int(4)}.${r.int(60)}`,
  };
  if (BODY_METHODS.has(method) && r.chance(0.9)) {
    const { payload, headers: bodyHeaders } = body(r);
    request.payload = payload;
    Object.assign(headers, bodyHeaders);
  }
  return request;
}
