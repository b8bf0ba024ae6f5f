import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { ContentFileError, parsePostFile, type ParsedPost } from './post-file.js';

/** Parses posts: in worker threads for large imports of the built app, else in-process. */
export interface PostParser {
  /** Worker threads in use; 0 when parsing in-process. */
  threads: number;
  parse(path: string, raw: string): Promise<ParsedPost>;
  close(): Promise<void>;
}

type Reply = { id: number; post?: ParsedPost; problems?: string[]; crash?: string };

const inProcess: PostParser = {
  threads: 0,
  parse: async (path, raw) => parsePostFile(path, raw),
  close: async () => {},
};

/** Files above which an import spreads parsing over threads. */
export const THREAD_THRESHOLD = 1000;

function threadCount(files: number): number {
  const forced = Number(process.env.POSTFOLIO_IMPORT_THREADS);
  if (Number.isInteger(forced) && forced >= 0) return forced;
  // The main thread writes to the database meanwhile, so one core is left to it.
  return files >= THREAD_THRESHOLD ? Math.min(4, Math.max(1, availableParallelism() - 1)) : 0;
}

/**
 * A parser for an import of `files` posts. Threads need the compiled worker file, so the
 * TypeScript sources (tests) always parse in-process.
 */
export function createPostParser(files: number): PostParser {
  const workerUrl = new URL('./parse-worker.js', import.meta.url);
  const threads = import.meta.url.endsWith('.js') ? threadCount(files) : 0;
  if (threads === 0) return inProcess;

  const workers = Array.from({ length: threads }, () => new Worker(workerUrl));
  const waiting = new Map<
    number,
    { resolve: (post: ParsedPost) => void; reject: (error: Error) => void; path: string }
  >();
  let nextId = 0;
  for (const worker of workers) {
    worker.on('message', ({ id, post, problems, crash }: Reply) => {
      const entry = waiting.get(id)!;
      waiting.delete(id);
      if (post) entry.resolve(post);
      else if (problems) entry.reject(new ContentFileError(entry.path, problems));
      else entry.reject(new Error(`parsing ${entry.path} failed: ${crash}`));
    });
    worker.on('error', (error) => {
      for (const entry of waiting.values()) entry.reject(error);
      waiting.clear();
    });
  }
  return {
    threads,
    parse(path, raw) {
      const id = nextId++;
      return new Promise<ParsedPost>((resolve, reject) => {
        waiting.set(id, { resolve, reject, path });
        workers[id % workers.length]!.postMessage({ id, path, raw });
      });
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
