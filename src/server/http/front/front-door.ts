import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyServerFactoryHandler } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { answerExpectation } from '../early-errors.js';
import type { ErrorAnswers } from '../error-answer.js';
import { systemClock, type Clock } from '../../schedule/clock.js';
import { serveFromCache } from './cached-answer.js';
import { Connections, type DrainResult } from './drain.js';
import { LoadShedder, type OverloadConfig } from './load-shedder.js';

export interface FrontDoorConfig {
  /** The whole request head must arrive within this (slow-header clients get a 408). */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this (408). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** How long a drain may take before the connections left are cut. */
  drainTimeoutMs: number;
  overload: OverloadConfig;
}

/** A socket quiet for this long while the server drains is closed (drain.ts says why). */
export const DRAIN_IDLE_MS = 500;
/** A socket that has not sent its first request is left this long after it was accepted. */
export const DRAIN_FIRST_REQUEST_MS = 5000;
/** What a shed request is told to wait before retrying, in seconds. */
const OVERLOAD_RETRY_AFTER = '1';

/** How an answer was made, for the request log. */
type Way = 'cache' | 'app' | 'shed';

/** Answers refused by the shedder, for the request log. */
const shed = new WeakSet<ServerResponse>();

/** A pino logger tells its level and when it changes; Fastify's silent logger does neither. */
type Logger = FastifyBaseLogger & {
  isLevelEnabled?: (level: string) => boolean;
  on?: (event: 'level-change', listener: () => void) => void;
};

/**
 * The front door: the one HTTP listener every request passes, whatever answers it. It answers a
 * GET or HEAD whose URL is in a response cache itself (cached-answer.ts), and hands everything
 * else to Fastify through the shedder (load-shedder.ts), which may make it wait or refuse it. Its contract, the same
 * for an answer from a cache and one made by the app:
 *
 * - **Headers.** A cached URL is answered by `cachedAnswer` whether the front door or a route
 *   (`sendCached`) sends it: the same status, body, security headers, `Cache-Control`, `ETag`
 *   and `Vary`. Every other answer goes through Fastify's hooks, errors through `ErrorAnswers`.
 * - **Logging.** One `debug` line per request, written here when its response closes, with the
 *   way it was answered (`cache`, `app` or `shed`), status and time. Fastify's own request
 *   logging is off, so there is exactly one line either way; at `info` nothing is done per
 *   request.
 * - **Analytics.** Every answer made from a cache entry is counted where it is made, by
 *   `serveFromCache` here and `sendCached` in Fastify alike (analytics/counter.ts: increments in
 *   memory, written in batches). The server exports no other metrics.
 * - **Shutdown.** `stopAccepting()` (on SIGTERM and SIGINT, before `app.close()`) takes the
 *   connections the kernel has queued and closes the listener; `drain()` (run by `app.close()`)
 *   stops accepting if that has not been done, lets every request in flight finish, answers each keep-alive connection's next request
 *   normally but with `Connection: close`, closes connections once idle, and cuts what is left
 *   after `drainTimeoutMs`. Cached and computed answers are treated alike: both are served, both
 *   close their connection.
 * - **Overload.** A request the caches cannot answer is started by the shedder in order, a few
 *   milliseconds of work per turn of the event loop so that the loop keeps accepting connections,
 *   and refused with a 503 (`overloaded`, `Retry-After`) once the app is too far behind
 *   (load-shedder.ts). Cached answers are never queued nor refused: they cost less than the
 *   refusal would.
 * - **Timeouts.** Header, request and keep-alive timeouts are set here, on the server this
 *   factory makes: Fastify applies its own options only to servers it creates.
 */
export class FrontDoor {
  /** Set once the app's context exists; until then every request goes to Fastify. */
  ctx: AppContext | undefined;
  server: Server | undefined;
  readonly connections: Connections;
  private readonly shedder: LoadShedder;
  private handler: FastifyServerFactoryHandler | undefined;
  private log: Logger | undefined;
  private debug = false;
  private draining: Promise<DrainResult> | undefined;

  /** `drainClock` measures how long a connection has been open or quiet while draining. */
  constructor(
    private readonly config: FrontDoorConfig,
    private readonly answers: ErrorAnswers,
    drainClock: Clock = systemClock,
  ) {
    this.connections = new Connections(() => drainClock.now());
    this.shedder = new LoadShedder(
      config.overload,
      (req, res) => this.handler!(req, res),
      (req, res) => this.refuse(req, res),
    );
  }

  /** Requests the app is working on now, and those waiting for their turn. */
  get load(): { busy: number; queued: number } {
    return { busy: this.shedder.busy, queued: this.shedder.queued };
  }

  /** Fastify's logger, once Fastify exists; request lines are written at its `debug` level. */
  useLogger(log: Logger): void {
    this.log = log;
    const update = () => {
      this.debug = log.isLevelEnabled?.('debug') ?? false;
    };
    update();
    log.on?.('level-change', update);
  }

  /** Fastify's `serverFactory`. */
  readonly serverFactory = (handler: FastifyServerFactoryHandler): Server => {
    this.handler = handler;
    const { headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs } = this.config;
    const server = createServer(
      {
        // Host is checked in the request guard, so that its 400 has the error contract.
        requireHostHeader: false,
        headersTimeout: headersTimeoutMs,
        requestTimeout: requestTimeoutMs,
        // Node checks both timeouts this often (30 s by default, too coarse for the first).
        connectionsCheckingInterval: Math.max(25, Math.min(1000, headersTimeoutMs / 4)),
      },
      this.onRequest,
    );
    server.keepAliveTimeout = keepAliveTimeoutMs;
    server.on('connection', (socket) => this.connections.track(socket));
    server.on('checkExpectation', (req, res) => answerExpectation(this.answers, req, res));
    this.server = server;
    return server;
  };

  private readonly onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    if (this.connections.draining) res.shouldKeepAlive = false;
    const logged = this.debug ? this.logWhenClosed(req, res) : undefined;
    if (this.ctx !== undefined && serveFromCache(req, res, this.ctx)) {
      if (logged) logged.way = 'cache';
    } else this.shedder.admit(req, res);
  };

  /** The answer to a request the app cannot take now. */
  private refuse(req: IncomingMessage, res: ServerResponse): void {
    shed.add(res);
    const answer = this.answers.prepare(
      req.url ?? '/',
      503,
      'overloaded',
      'The server is too busy to answer now; please retry',
      { 'retry-after': OVERLOAD_RETRY_AFTER },
    );
    res.writeHead(answer.statusCode, answer.headers);
    res.end(answer.body);
  }

  /** Writes the request's debug line when its response closes; `way` is set meanwhile. */
  private logWhenClosed(req: IncomingMessage, res: ServerResponse): { way: Way } {
    const started = performance.now();
    const logged = { way: 'app' as Way };
    res.once('close', () =>
      this.log?.debug(
        {
          method: req.method,
          url: req.url,
          statusCode: res.statusCode,
          way: shed.has(res) ? 'shed' : logged.way,
          ms: Math.round((performance.now() - started) * 100) / 100,
          ...(res.writableFinished ? {} : { aborted: true }),
        },
        'request',
      ),
    );
    return logged;
  }

  /** The drain's first step alone: the queued connections taken, the listener closed. */
  stopAccepting(): Promise<void> {
    return this.server ? this.connections.stopAccepting(this.server) : Promise.resolve();
  }

  /** Drains the listener (see the contract above); the same promise on every call. */
  drain(): Promise<DrainResult> {
    this.draining ??= this.runDrain();
    return this.draining;
  }

  private async runDrain(): Promise<DrainResult> {
    if (!this.server) return { forced: 0, ms: 0 };
    const open = this.connections.open;
    const result = await this.connections.drain(this.server, {
      idleMs: DRAIN_IDLE_MS,
      firstRequestMs: DRAIN_FIRST_REQUEST_MS,
      timeoutMs: this.config.drainTimeoutMs,
    });
    if (result.forced)
      this.log?.warn({ ...result, open }, 'drain deadline: connections still open were cut');
    else this.log?.info({ ...result, open }, 'drained');
    return result;
  }
}
