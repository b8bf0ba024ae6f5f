// Keep-alive HTTP/1.1 load over raw sockets that tells what happened to every request, as the
// drain bench and tests need: a dropped request is the failure they count.
import { connect } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * `connections` keep-alive clients, each sending GETs one after another on its own connection,
 * until `stop()`: the `paths` in turn, or what `nextPath(i)` gives for the i-th request. Each
 * request ends one of these ways:
 *
 * - **answered**: a complete response arrived (counted by status; with `Connection: close` the
 *   client opens a new connection for the next one);
 * - **dropped**: it was written, and the connection closed or was reset before a complete
 *   response, or none came within `timeoutMs` (`timedOut`). This is the failure.
 * - **never sent**: the connection closed before the request was written (`reconnects`: the
 *   client opens a new connection and sends it there, as real HTTP clients do for an idempotent
 *   request on a kept-alive socket the server closed), or a new connection was refused
 *   (`refused`: the server no longer listens; the client waits `refusedPauseMs` and tries again).
 *
 * Nothing is retried once written: a real client could not know whether the server acted on it.
 * With `tls`, each connection is HTTPS (HTTP/1.1, any certificate accepted: a proxy's test one),
 * and `hostHeader` names the site asked for.
 */
export function keepAliveLoad({
  port,
  host = '127.0.0.1',
  paths,
  nextPath = (i) => paths[i % paths.length],
  connections = 50,
  timeoutMs = 15_000,
  refusedPauseMs = 20,
  headers = {},
  tls = false,
  hostHeader = host,
}) {
  const summary = {
    answered: 0,
    dropped: 0,
    timedOut: 0,
    refused: 0,
    reconnects: 0,
    connectionClose: 0,
    /** 503 answers that said when to retry. */
    retryAfter: 0,
    /** Those 503s by their Retry-After (seconds): how many said each. */
    retryAfterSeconds: {},
    statuses: {},
    latenciesMs: [],
    droppedDetails: [],
    /** Up to 5 paths answered with each status of 500 and over. */
    errorPaths: {},
  };
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  let running = true;
  let next = 0;

  const workers = Array.from({ length: connections }, async () => {
    let socket;
    while (running) {
      if (!socket || socket.peerClosed) {
        if (socket) {
          summary.reconnects += 1;
          socket.destroy();
        }
        socket = await open(port, host, tls && hostHeader.replace(/:\d+$/, ''));
        if (!socket) {
          summary.refused += 1;
          await sleep(refusedPauseMs);
          continue;
        }
      }
      const path = nextPath(next++);
      const started = performance.now();
      const outcome = await exchange(
        socket,
        `GET ${path} HTTP/1.1\r\nHost: ${hostHeader}\r\n${extra}\r\n`,
        timeoutMs,
      );
      if (outcome.status !== undefined) {
        summary.answered += 1;
        summary.statuses[outcome.status] = (summary.statuses[outcome.status] ?? 0) + 1;
        summary.latenciesMs.push(performance.now() - started);
        if (outcome.status >= 500) {
          const paths = (summary.errorPaths[outcome.status] ??= []);
          if (paths.length < 5) paths.push(path);
        }
        if (outcome.retryAfter && outcome.status === 503) {
          summary.retryAfter += 1;
          const seconds = summary.retryAfterSeconds;
          seconds[outcome.retryAfter] = (seconds[outcome.retryAfter] ?? 0) + 1;
        }
        if (outcome.close) {
          summary.connectionClose += 1;
          socket.destroy();
          socket = undefined;
        }
      } else {
        if (outcome.timedOut) summary.timedOut += 1;
        else summary.dropped += 1;
        if (summary.droppedDetails.length < 20)
          summary.droppedDetails.push(`${path}: ${outcome.reason}`);
        socket.destroy();
        socket = undefined;
      }
    }
    socket?.destroy();
  });

  return {
    summary,
    /** Stops after each client's request in progress; resolves to the summary. */
    async stop() {
      running = false;
      await Promise.all(workers);
      return summary;
    },
  };
}

/** A new connection (over TLS to `servername` when given), or undefined when it was refused. */
function open(port, host, servername) {
  return new Promise((resolve) => {
    const socket = servername
      ? connectTls({
          port,
          host,
          servername,
          rejectUnauthorized: false,
          ALPNProtocols: ['http/1.1'],
        })
      : connect(port, host);
    socket.setNoDelay(true);
    socket.once(servername ? 'secureConnect' : 'connect', () => {
      socket.removeAllListeners('error');
      // Seen between requests: the server closed this kept-alive connection.
      const closed = () => (socket.peerClosed = true);
      socket.on('end', closed);
      socket.on('close', closed);
      socket.on('error', closed);
      resolve(socket);
    });
    socket.once('error', () => resolve(undefined));
  });
}

/** Writes one request and reads its response: {status, close} or {reason, timedOut}. */
function exchange(socket, request, timeoutMs) {
  return new Promise((resolve) => {
    let data = Buffer.alloc(0);
    const finish = (outcome) => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('close', onClose);
      socket.off('error', onError);
      resolve(outcome);
    };
    const onData = (chunk) => {
      data = Buffer.concat([data, chunk]);
      const response = parseResponse(data);
      if (response) finish(response);
    };
    const onClose = () => finish({ reason: `closed after ${data.length} bytes of the answer` });
    const onError = (error) => finish({ reason: error.code ?? error.message });
    const timer = setTimeout(
      () => finish({ reason: 'no answer in time', timedOut: true }),
      timeoutMs,
    );
    socket.on('data', onData);
    socket.once('close', onClose);
    socket.on('error', onError);
    socket.write(request);
  });
}

/**
 * A complete response at the start of `data` as {status, close, retryAfter (its seconds, as
 * sent)}, or undefined.
 */
function parseResponse(data) {
  const end = data.indexOf('\r\n\r\n');
  if (end === -1) return undefined;
  const head = data.subarray(0, end).toString('latin1');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1]);
  const answer = {
    status,
    close: /\r\nconnection: *close/i.test(head),
    retryAfter: /\r\nretry-after: *(\d+)/i.exec(head)?.[1],
  };
  if (status === 304 || status === 204) return answer;
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  if (length) return data.length >= end + 4 + Number(length[1]) ? answer : undefined;
  if (/\r\ntransfer-encoding: *chunked/i.test(head))
    return data.subarray(end + 4).includes('0\r\n\r\n') ? answer : undefined;
  return undefined;
}
