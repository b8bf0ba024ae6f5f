import { connect } from 'node:net';
import { decodedBody } from './error-contract.js';

/** One HTTP/1.1 answer as read from the wire. */
export interface RawAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
}

/** The status and headers (lower-case names, repeats joined) of an answer's head. */
export function parseHead(head: string): { statusCode: number; headers: Record<string, string> } {
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return { statusCode: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]), headers };
}

function parse(data: Buffer): RawAnswer | undefined {
  // Skip interim answers (100 Continue): the final one follows.
  while (/^HTTP\/1\.[01] 1\d\d /.test(data.subarray(0, 13).toString('latin1'))) {
    const interimEnd = data.indexOf('\r\n\r\n');
    if (interimEnd === -1) return undefined;
    data = data.subarray(interimEnd + 4);
  }
  const end = data.indexOf('\r\n\r\n');
  if (end === -1) return undefined;
  const { statusCode, headers } = parseHead(data.subarray(0, end).toString('latin1'));
  if (!statusCode) return undefined;
  let body = data.subarray(end + 4);
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = body.indexOf('\r\n', at);
      if (lineEnd === -1) break;
      const size = parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
      if (!(size > 0)) break;
      parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  }
  return {
    statusCode,
    headers,
    body: decodedBody(body, headers['content-encoding']),
  };
}

/**
 * Writes `request` as is on a fresh connection and reads until the server closes it (send
 * `Connection: close`), bypassing every client-side check. Undefined when nothing parseable came
 * back within `timeoutMs`.
 */
export function rawRequest(
  port: number,
  request: Buffer | string,
  timeoutMs = 3000,
): Promise<RawAnswer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1');
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(parse(Buffer.concat(chunks)));
    };
    const timer = setTimeout(done, timeoutMs);
    socket.on('connect', () => socket.write(request));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', done);
    socket.on('error', () => undefined);
  });
}
