import { connect, type Socket } from 'node:net';
import { parseHead } from './raw-http.js';

/** One answer as read from the wire: status, headers (lower-case names) and the raw body. */
export interface WireAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The end of a complete answer at the start of `data`, or -1 while it is partial. */
function answerEnd(data: Buffer, headers: Record<string, string>, bodyStart: number): number {
  const length = headers['content-length'];
  if (length !== undefined) {
    const end = bodyStart + Number(length);
    return data.length >= end ? end : -1;
  }
  return headers['transfer-encoding'] === undefined ? bodyStart : -1;
}

function parseAnswer(
  data: Buffer,
  method: string,
): { answer: WireAnswer; end: number } | undefined {
  const headEnd = data.indexOf('\r\n\r\n');
  if (headEnd === -1) return undefined;
  const { statusCode, headers } = parseHead(data.subarray(0, headEnd).toString('latin1'));
  const bodyStart = headEnd + 4;
  const bodiless = method === 'HEAD' || statusCode === 304 || statusCode === 204;
  const end = bodiless ? bodyStart : answerEnd(data, headers, bodyStart);
  if (end === -1) return undefined;
  return { answer: { statusCode, headers, body: data.subarray(bodyStart, end) }, end };
}

/**
 * A kept-alive HTTP/1.1 connection a test drives by hand: one request at a time, each answer
 * read by its Content-Length, and whether (and when) the server closed the connection.
 */
export class HttpSocket {
  private data = Buffer.alloc(0);
  private waiting: (() => void) | undefined;
  readonly closed: Promise<void>;
  isClosed = false;

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk) => {
      this.data = Buffer.concat([this.data, chunk]);
      this.waiting?.();
    });
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) =>
      socket.once('close', () => {
        this.isClosed = true;
        this.waiting?.();
        resolve();
      }),
    );
  }

  static open(port: number): Promise<HttpSocket> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(new HttpSocket(socket)));
      socket.once('error', reject);
    });
  }

  /** Writes raw bytes (a request, or part of one). */
  write(bytes: string | Buffer): void {
    this.socket.write(bytes);
  }

  /** The next complete answer; rejects if the connection closes first. */
  async read(method = 'GET'): Promise<WireAnswer> {
    for (;;) {
      const parsed = parseAnswer(this.data, method);
      if (parsed) {
        this.data = this.data.subarray(parsed.end);
        return parsed.answer;
      }
      if (this.isClosed) throw new Error(`closed after ${this.data.length} bytes of an answer`);
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
  }

  /** Sends a GET (or HEAD) with these extra headers and reads its answer. */
  async get(target: string, headers: Record<string, string> = {}, method = 'GET') {
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    this.write(`${method} ${target} HTTP/1.1\r\nHost: x\r\n${lines.join('')}\r\n`);
    return this.read(method);
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/** The headers of two answers that must agree: all but the date. */
export function withoutDate(headers: Record<string, string>): Record<string, string> {
  const { date: _date, ...rest } = headers;
  return rest;
}
