import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { CACHE_CONTROL, NO_STORE } from '../cache/cache-policy.js';

/** One problem of a content file, as the terminal and the browser's notice show it. */
export interface DevProblem {
  /** The file's path inside the content folder, e.g. `posts/hello.md`. */
  file: string;
  line?: number;
  problem: string;
}

/** What every open page is told: which revision of the site is current, and what is broken. */
export interface DevState {
  revision: string;
  problems: DevProblem[];
}

/** A comment line now and then keeps an idle stream open through anything that times it out. */
const KEEP_ALIVE_MS = 15_000;

/**
 * The live-reload channel of `postfolio dev`: the current state, and the pages listening to it
 * over Server-Sent Events. A page rendered at another revision than the current one reloads; the
 * revision is new on every start, so pages left open across a restart reload too.
 */
export class DevEvents {
  private readonly boot = randomBytes(4).toString('hex');
  private count = 0;
  private problems: DevProblem[] = [];
  /** Each listening page's stream, with the path of the page (from its Referer). */
  private readonly clients = new Map<ServerResponse, string | undefined>();
  private readonly keepAlive = setInterval(() => {
    for (const client of this.clients.keys()) client.write(': keep-alive\n\n');
  }, KEEP_ALIVE_MS);

  constructor() {
    this.keepAlive.unref();
  }

  get state(): DevState {
    return { revision: `${this.boot}-${this.count}`, problems: this.problems };
  }

  /** Pages listening now. */
  get listening(): number {
    return this.clients.size;
  }

  /** The paths of the pages listening now, each once. */
  get openPages(): string[] {
    return [...new Set([...this.clients.values()].filter((path) => path !== undefined))];
  }

  /**
   * A round ended: moves the revision if the site changed, runs `beforeTelling` (the caches are
   * dropped and the open pages rendered there), then tells every page.
   */
  async publish(
    changed: boolean,
    problems: DevProblem[],
    beforeTelling?: () => Promise<void>,
  ): Promise<void> {
    const same = JSON.stringify(problems) === JSON.stringify(this.problems);
    if (!changed && same) return;
    if (changed) this.count += 1;
    this.problems = problems;
    await beforeTelling?.();
    const message = `data: ${JSON.stringify(this.state)}\n\n`;
    for (const client of this.clients.keys()) client.write(message);
  }

  /**
   * Streams the state to `res`: now, and after every change, until the page at `page` (a path)
   * goes away.
   */
  listen(res: ServerResponse, headers: Record<string, string>, page?: string): void {
    res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      [CACHE_CONTROL]: NO_STORE,
      connection: 'keep-alive',
    });
    // A page that lost the stream waits this long (ms) before it asks again.
    res.write(`retry: 500\ndata: ${JSON.stringify(this.state)}\n\n`);
    this.clients.set(res, page);
    res.once('close', () => this.clients.delete(res));
  }

  /** Ends every stream, so that shutting the server down does not wait for open pages. */
  close(): void {
    clearInterval(this.keepAlive);
    for (const client of this.clients.keys()) client.end();
    this.clients.clear();
  }
}
