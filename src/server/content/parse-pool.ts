import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ContentFileError, loadPostFile, type LoadedPost, type PostSource } from './post-file.js';

/** Loads post files: in worker threads for large imports of the built app, else in-process. */
export interface PostLoader {
  /** Worker threads in use; 0 when loading in-process. */
  threads: number;
  /** Rejects with ContentFileError when the file is unreadable or not a valid post. */
  load(source: PostSource): Promise<LoadedPost>;
  close(): Promise<void>;
}

type Reply = { id: number; loaded?: LoadedPost; problems?: string[]; crash?: string };

const inProcess: PostLoader = {
  threads: 0,
  load: async (source) => loadPostFile(source),
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
  if (files < THREAD_THRESHOLD) return 0;
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

  const workers = Array.from(
    { length: threads },
    () => new Worker(workerUrl, { resourceLimits: WORKER_HEAP }),
  );
  const waiting = new Map<
    number,
    { resolve: (loaded: LoadedPost) => void; reject: (error: Error) => void; path: string }
  >();
  let nextId = 0;
  for (const worker of workers) {
    worker.on('message', ({ id, loaded, problems, crash }: Reply) => {
      const entry = waiting.get(id)!;
      waiting.delete(id);
      if (loaded) entry.resolve(loaded);
      else if (problems) entry.reject(new ContentFileError(entry.path, problems));
      else entry.reject(new Error(`loading ${entry.path} failed: ${crash}`));
    });
    worker.on('error', (error) => {
      for (const entry of waiting.values()) entry.reject(error);
      waiting.clear();
    });
  }
  return {
    threads,
    load(source) {
      const id = nextId++;
      return new Promise<LoadedPost>((resolve, reject) => {
        waiting.set(id, { resolve, reject, path: source.path });
        workers[id % workers.length]!.postMessage({ id, source });
      });
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
