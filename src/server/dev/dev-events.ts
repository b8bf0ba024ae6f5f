import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

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
  private readonly clients = new Set<ServerResponse>();
  private readonly keepAlive = setInterval(() => {
    for (const client of this.clients) client.write(': keep-alive\n\n');
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

  /** A round ended: moves the revision if the site changed, and tells every page. */
  publish(changed: boolean, problems: DevProblem[]): void {
    const same = JSON.stringify(problems) === JSON.stringify(this.problems);
    if (!changed && same) return;
    if (changed) this.count += 1;
    this.problems = problems;
    const message = `data: ${JSON.stringify(this.state)}\n\n`;
    for (const client of this.clients) client.write(message);
  }

  /** Streams the state to `res`: now, and after every change, until the page goes away. */
  listen(res: ServerResponse, headers: Record<string, string>): void {
    res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    // A page that lost the stream waits this long (ms) before it asks again.
    res.write(`retry: 500\ndata: ${JSON.stringify(this.state)}\n\n`);
    this.clients.add(res);
    res.once('close', () => this.clients.delete(res));
  }

  /** Ends every stream, so that shutting the server down does not wait for open pages. */
  close(): void {
    clearInterval(this.keepAlive);
    for (const client of this.clients) client.end();
    this.clients.clear();
  }
}
