import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/** Node's own fields: the response in progress on a socket (null between requests). */
type HttpSocket = Socket & { _httpMessage?: ServerResponse | null };

/** How often a drain looks for sockets that have become idle. */
const POLL_MS = 50;
/**
 * How long a drain goes on taking the connections the kernel has queued, at most: as long as a
 * new connection's first request may take (DRAIN_FIRST_REQUEST_MS, Go's 5 s). On a loaded host
 * (load 10 on 2 cores) a turn of the event loop that answers requests took ~90 ms, and 60 clients
 * connecting at once were all taken after 26 turns, 2.7 s; at 1 s, 18 of them were still queued
 * when the listener closed, and were reset.
 */
const ACCEPT_WITHIN_MS = 5000;

/** The next turn of the event loop but one: a whole poll phase, where libuv accepts connections. */
const nextPollPhase = () =>
  new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));

export interface DrainOptions {
  /** A socket with no request for this long is closed; one with a request gets its answer. */
  idleMs: number;
  /**
   * A socket that has not sent its first request is closed only once it is this old (and quiet
   * for `idleMs`): its client may not have written yet (see `Connections`).
   */
  firstRequestMs: number;
  /** After this, the sockets still open are destroyed, answers in progress or not. */
  timeoutMs: number;
}

export interface DrainResult {
  /** Sockets destroyed at the deadline, with or without a request in progress. */
  forced: number;
  ms: number;
}

/**
 * The listener's sockets, and the graceful close of them all. While draining, every answer
 * carries `Connection: close`, so a keep-alive client learns from its next answer to open a new
 * connection (elsewhere, once this listener has stopped accepting); a socket with nothing in
 * progress and nothing read for `idleMs` is closed.
 *
 * Why not `server.close()`, which closes idle connections itself: it destroys them at once, and
 * a keep-alive client that has just read an answer sends its next request on that socket at
 * the same moment. That request is lost (a reset after it was sent), which is what a SIGTERM
 * under load used to cost. Waiting until a socket has been quiet for `idleMs` leaves that race
 * only to a client that stays silent for as long, as any keep-alive timeout does. A connection
 * that has sent nothing yet waits longer (`firstRequestMs`): the kernel completes a handshake
 * before the client's process runs again, and a busy client writes its first request when it
 * gets the CPU, which the client cannot retry elsewhere if it crosses our close (Go's
 * `Server.Shutdown` gives a new connection 5 s for the same reason).
 */
export class Connections {
  /** Each open socket and when it was accepted. */
  private readonly sockets = new Map<HttpSocket, number>();
  private emptied: (() => void) | undefined;
  private accepted = 0;
  /** The one listener close, shared by a signal's early call and the drain's. */
  private stopping: Promise<void> | undefined;
  draining = false;

  /**
   * `now` tells the time by which the ages and quiet times of sockets are measured (the system
   * clock; tests move their own); the drain's deadline is a timer of the system's.
   */
  constructor(private readonly now: () => number = Date.now) {}

  get open(): number {
    return this.sockets.size;
  }

  /** Follows a new connection until it closes. */
  track(socket: Socket): void {
    this.accepted += 1;
    this.sockets.set(socket, this.now());
    socket.once('close', () => {
      this.sockets.delete(socket);
      if (this.sockets.size === 0) this.emptied?.();
    });
  }

  /**
   * Takes the connections the kernel has already completed but Node has not accepted yet:
   * closing the listener would reset them, and their clients' first requests with them. Node
   * accepts one connection per turn of its event loop (60 clients connecting at once are taken
   * over 60 turns), so turns are taken until one brings none. Answers still keep their
   * connections open meanwhile, so that no client is sent to reconnect into that queue.
   */
  private async acceptQueued(): Promise<void> {
    const until = Date.now() + ACCEPT_WITHIN_MS;
    for (;;) {
      const before = this.accepted;
      await nextPollPhase();
      if (this.accepted === before || Date.now() > until) return;
    }
  }

  /**
   * Closes the listener once the connections already queued are taken (acceptQueued), without
   * http.Server's closing of idle sockets (see above). Answers are not changed: run it before
   * anything tells clients to reconnect (Fastify's close does, on every answer it routes).
   */
  stopAccepting(server: Server): Promise<void> {
    this.stopping ??= (async () => {
      if (!server.listening) return;
      await this.acceptQueued();
      if (server.listening) NetServer.prototype.close.call(server);
    })();
    return this.stopping;
  }

  /**
   * Stops accepting, lets every request in flight finish (each answer with `Connection: close`),
   * closes each socket once idle, and resolves when none is left or at the deadline.
   */
  async drain(server: Server, options: DrainOptions): Promise<DrainResult> {
    const started = Date.now();
    await this.stopAccepting(server);
    this.draining = true;
    // Answers already being made but not yet sent also close their connection.
    for (const socket of this.sockets.keys()) {
      const res = socket._httpMessage;
      if (res && !res.headersSent) res.shouldKeepAlive = false;
    }
    if (this.sockets.size === 0) return { forced: 0, ms: Date.now() - started };

    // Quiet times count from the drain's start, not from its first poll.
    const seen = new Map<HttpSocket, { bytesRead: number; quietSince: number }>();
    const drainStart = this.now();
    for (const socket of this.sockets.keys())
      seen.set(socket, { bytesRead: socket.bytesRead, quietSince: drainStart });
    const emptied = new Promise<void>((resolve) => (this.emptied = resolve));
    const poll = setInterval(() => {
      const now = this.now();
      for (const [socket, acceptedAt] of this.sockets) {
        const last = seen.get(socket);
        const busy = socket._httpMessage != null;
        if (busy || !last || last.bytesRead !== socket.bytesRead)
          seen.set(socket, { bytesRead: socket.bytesRead, quietSince: now });
        else if (
          now - last.quietSince >= options.idleMs &&
          (socket.bytesRead > 0 || now - acceptedAt >= options.firstRequestMs)
        )
          socket.destroy();
      }
    }, POLL_MS);
    let deadline: NodeJS.Timeout | undefined;
    const timedOut = new Promise<number>((resolve) => {
      deadline = setTimeout(() => {
        const forced = this.sockets.size;
        for (const socket of this.sockets.keys()) socket.destroy();
        resolve(forced);
      }, options.timeoutMs);
    });
    try {
      const forced = await Promise.race([emptied.then(() => 0), timedOut]);
      return { forced, ms: Date.now() - started };
    } finally {
      clearInterval(poll);
      clearTimeout(deadline);
      this.emptied = undefined;
    }
  }
}
