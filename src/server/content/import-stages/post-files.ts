import { fork } from 'node:child_process';
import { getHeapStatistics } from 'node:v8';
import { listFiles } from '../content-folder.js';
import { ContentFileError, ImportError } from '../content-errors.js';
import { POST_FILE_SUFFIXES } from '../post-file.js';

/** What the listing process answers: the files, or the links that refuse the import. */
export type ListingReply =
  | { files: string[] }
  | { refused: { file: string; problems: string[]; lines: (number | undefined)[] }[] };

/**
 * Heaps below this list a posts folder in a process of its own. Listing 100,000 files holds their
 * directory entries and paths at once (≈ 45 MB), more than `npm start`'s 64 MB heap has beside
 * the server; the list itself (≈ 8 MB) is what comes back. A thread would not do: the process's
 * `--max-old-space-size` bounds every thread's heap too.
 */
const SMALL_HEAP = 512 * 2 ** 20;

/**
 * The post files of `postsDir`, as `listFiles` finds them (and refusing the same links), listed
 * in a child process when the heap is small. The child runs the compiled file, so the TypeScript
 * sources (tests) list in-process.
 */
export async function listPostFiles(
  postsDir: string,
  heapLimit = getHeapStatistics().heap_size_limit,
): Promise<string[]> {
  const apart = heapLimit < SMALL_HEAP && import.meta.url.endsWith('.js');
  if (!apart) return listFiles(postsDir, POST_FILE_SUFFIXES);
  const reply = await listApart(postsDir);
  if ('files' in reply) return reply.files;
  throw new ImportError(
    reply.refused.map((f) => new ContentFileError(f.file, f.problems, f.lines)),
  );
}

function listApart(postsDir: string): Promise<ListingReply> {
  const child = fork(new URL('./post-files-worker.js', import.meta.url), [postsDir], {
    execArgv: [],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<ListingReply>((resolve, reject) => {
    child.once('message', (reply) => resolve(reply as ListingReply));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`listing ${postsDir} stopped (exit ${code})`)));
  });
}
