import { parentPort } from 'node:worker_threads';
import { loadPost } from './load-post.js';
import { ContentFileError, type PostSource } from './post-file.js';

/** A thread that reads, parses, renders and sanitizes posts for a large import. */
export interface LoadRequest {
  id: number;
  source: PostSource;
}

async function answer({ id, source }: LoadRequest): Promise<void> {
  try {
    parentPort!.postMessage({ id, loaded: await loadPost(source) });
  } catch (error) {
    if (error instanceof ContentFileError)
      parentPort!.postMessage({ id, problems: error.problems, lines: error.lines });
    else parentPort!.postMessage({ id, crash: String((error as Error)?.stack ?? error) });
  }
}

/**
 * Requests are answered one after the other, in the order sent (the pool takes a stopped thread's
 * oldest request for the file that stopped it), also while the first post with code waits for the
 * highlighter to start.
 */
let previous = Promise.resolve();
parentPort?.on('message', (request: LoadRequest) => {
  previous = previous.then(() => answer(request));
});
