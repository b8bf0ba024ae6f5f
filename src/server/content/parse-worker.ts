import { parentPort } from 'node:worker_threads';
import { ContentFileError, loadPostFile, type PostSource } from './post-file.js';

/** A thread that reads, parses, renders and sanitizes posts for a large import. */
export interface LoadRequest {
  id: number;
  source: PostSource;
}

parentPort?.on('message', ({ id, source }: LoadRequest) => {
  try {
    parentPort!.postMessage({ id, loaded: loadPostFile(source) });
  } catch (error) {
    if (error instanceof ContentFileError)
      parentPort!.postMessage({ id, problems: error.problems, lines: error.lines });
    else parentPort!.postMessage({ id, crash: String((error as Error)?.stack ?? error) });
  }
});
