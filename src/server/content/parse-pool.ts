import { availableParallelism } from 'node:os';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { loadPost } from './load-post.js';
import { ContentFileError, type LoadedPost, type PostSource } from './post-file.js';

/** Loads post files: in worker threads in the built app, in-process from the TypeScript sources. */
export interface PostLoader {
  /** Worker threads in use; 0 when loading in-process. */
  threads: number;
  /** Rejects with ContentFileError when the file is unreadable or not a valid post. */
  load(source: PostSource): Promise<LoadedPost>;
  close(): Promise<void>;
}

type Reply = {
  id: number;
  loaded?: LoadedPost;
  problems?: string[];
  lines?: (number | undefined)[];
  crash?: string;
};

const inProcess: PostLoader = {
  threads: 0,
  load: loadPost,
  close: async () => {},
};

/**
 * A parser's heap. V8 sizes an unbounded thread's heap for the machine and lets garbage pile up
 * (10k posts: 555 MB peak RSS for the import; 410 MB with these, in the same time). The old
 * generation leaves room for a post of several megabytes.
 */
const WORKER_HEAP = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 8 };

/** Files above which an import spreads parsing over threads. */
export const THREAD_THRESHOLD = 1000;

function threadCount(files: number): number {
  const forced = Number(process.env.POSTFOLIO_IMPORT_THREADS);
  if (Number.isInteger(forced) && forced >= 0) return forced;
  // Even a small import parses in a thread of its own: what rendering loads (the highlighter and
  // its grammars, tens of megabytes) then goes with the thread, and never stays in the heap of
  // the server that imported (64 MB under npm start).
  if (files < THREAD_THRESHOLD) return 1;
  // One thread per core: the main thread mostly waits on SQLite's writes, which leave the core
  // free while they wait on the disk, and parsing is the larger half of the work.
  return Math.min(4, availableParallelism());
}

/**
 * A loader for an import of `files` posts. Threads read the files themselves, so they keep
 * working while the main thread is busy in a synchronous write. They need the compiled worker
 * file, so the TypeScript sources (tests) always load in-process.
 */
export function createPostLoader(files: number): PostLoader {
  const workerUrl = new URL('./parse-worker.js', import.meta.url);
  const threads = import.meta.url.endsWith('.js') ? threadCount(files) : 0;
  if (threads === 0) return inProcess;
  return startParserThreads(threads, workerUrl);
}

/** `threads` parser threads running the compiled worker at `workerUrl`, each within `heap`. */
export function startParserThreads(
  threads: number,
  workerUrl: URL,
  heap: ResourceLimits = WORKER_HEAP,
): PostLoader {
  return new ThreadLoader(threads, workerUrl, heap);
}

interface Waiting {
  source: PostSource;
  resolve: (loaded: LoadedPost) => void;
  reject: (error: Error) => void;
}

/** A thread and the requests it was sent, oldest first: a thread answers in order. */
interface Lane {
  worker: Worker;
  inFlight: number[];
}

/** Threads that stop (out of memory on a huge file) are replaced this many times in all. */
const MAX_RESTARTS = 8;

/** Why a thread stopped, said of the file it was parsing. */
function stopProblem(error: Error & { code?: string }): string {
  return error.code === 'ERR_WORKER_OUT_OF_MEMORY'
    ? 'is too large to parse (the parser ran out of memory)'
    : `could not be parsed (the parser stopped: ${error.message.split('\n')[0]})`;
}

class ThreadLoader implements PostLoader {
  private readonly waiting = new Map<number, Waiting>();
  private readonly lanes: Lane[];
  private nextId = 0;
  private restarts = 0;
  private closing = false;
  /** Set once threads stopped too often: every later load fails with it. */
  private broken?: Error;

  constructor(
    readonly threads: number,
    private readonly workerUrl: URL,
    private readonly heap: ResourceLimits,
  ) {
    this.lanes = Array.from({ length: threads }, () => ({ worker: this.spawn(), inFlight: [] }));
    this.lanes.forEach((lane) => this.watch(lane));
  }

  private spawn(): Worker {
    return new Worker(this.workerUrl, { resourceLimits: this.heap });
  }

  private watch(lane: Lane): void {
    const { worker } = lane;
    worker.on('message', ({ id, loaded, problems, lines, crash }: Reply) => {
      lane.inFlight.shift();
      const entry = this.waiting.get(id)!;
      this.waiting.delete(id);
      if (loaded) entry.resolve(loaded);
      else if (problems) entry.reject(new ContentFileError(entry.source.path, problems, lines));
      else entry.reject(new Error(`loading ${entry.source.path} failed: ${crash}`));
    });
    worker.on('error', (error) => {
      if (this.closing) return;
      // The thread was working on its oldest request: that file is the one that stopped it.
      const [culprit, ...rest] = lane.inFlight;
      lane.inFlight = [];
      if (culprit !== undefined)
        this.settle(
          culprit,
          new ContentFileError(this.waiting.get(culprit)!.source.path, [stopProblem(error)]),
        );
      if (++this.restarts > MAX_RESTARTS) {
        this.broken = new Error(
          `post parser threads stopped ${this.restarts} times: ${error.message}`,
        );
        for (const id of [...this.waiting.keys()]) this.settle(id, this.broken);
        return;
      }
      // The others it held go to a new thread, so one bad file does not stop the import.
      lane.worker = this.spawn();
      this.watch(lane);
      for (const id of rest) this.send(lane, id);
    });
  }

  private settle(id: number, error: Error): void {
    const entry = this.waiting.get(id);
    this.waiting.delete(id);
    entry?.reject(error);
  }

  private send(lane: Lane, id: number): void {
    lane.inFlight.push(id);
    lane.worker.postMessage({ id, source: this.waiting.get(id)!.source });
  }

  load(source: PostSource): Promise<LoadedPost> {
    if (this.broken) return Promise.reject(this.broken);
    const id = this.nextId++;
    return new Promise<LoadedPost>((resolve, reject) => {
      this.waiting.set(id, { source, resolve, reject });
      this.send(this.lanes[id % this.lanes.length]!, id);
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.lanes.map((lane) => lane.worker.terminate()));
  }
}
