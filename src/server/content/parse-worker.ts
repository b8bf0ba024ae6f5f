import { parentPort } from 'node:worker_threads';
import { ContentFileError, parsePostFile } from './post-file.js';

/** A thread that parses, renders and sanitizes posts for a large import. */
export interface ParseRequest {
  id: number;
  path: string;
  raw: string;
}

parentPort?.on('message', ({ id, path, raw }: ParseRequest) => {
  try {
    parentPort!.postMessage({ id, post: parsePostFile(path, raw) });
  } catch (error) {
    if (error instanceof ContentFileError)
      parentPort!.postMessage({ id, problems: error.problems });
    else parentPort!.postMessage({ id, crash: String((error as Error)?.stack ?? error) });
  }
});
