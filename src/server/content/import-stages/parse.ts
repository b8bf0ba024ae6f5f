import type { StoredSource } from '../content.repository.js';
import type { PostLoader } from '../parse-pool.js';
import {
  ContentFileError,
  type LoadedPost,
  type ParsedPost,
  type PostSource,
} from '../post-file.js';
import { SITE_CONFIG_FILE } from '../site-config.js';
import type { ContentFolder } from './folder.js';
import { codeThemesOf } from '../markdown/code-theme-sources.js';
import { relative } from 'node:path';
import { NO_IMAGE } from '../../../shared/post-image.js';
import { getHeapStatistics } from 'node:v8';

/**
 * Posts handed to the loader ahead of the one being written. While the main thread is busy
 * writing a batch (synchronous on SQLite), the threads work through this queue, so it must hold
 * more than a batch's worth of time; few enough to bound memory (≈ 40 KB a post in flight).
 */
export const LOAD_AHEAD = 1024;

/** Bytes a loaded post holds in the main thread's heap, rounded up (HTML, search text, fields). */
export const POST_HEAP_BYTES = 48 * 1024;

/**
 * Posts loaded ahead within a thirty-second of the heap at most: `npm start`'s 64 MB heap imports a
 * large folder on an empty store, and 1,024 posts in flight (≈ 40 MB) do not fit beside the
 * server; the CLI's default heap keeps the full LOAD_AHEAD.
 */
export function loadAhead(heapLimit = getHeapStatistics().heap_size_limit): number {
  return Math.max(32, Math.min(LOAD_AHEAD, Math.floor(heapLimit / 32 / POST_HEAP_BYTES)));
}

/** A post file being loaded; its promise rejects with ContentFileError for a bad file. */
export interface Loading {
  path: string;
  loading: Promise<LoadedPost>;
}

/**
 * How each file is handed to the loader: with the hash the store holds when the file can be
 * skipped unchanged, which needs everything it refers to to be still as stored too.
 */
export function sourceFor(
  folder: Pick<ContentFolder, 'dir' | 'categorySlugs' | 'availableImages'> &
    Partial<Pick<ContentFolder, 'site'>>,
  existing: Map<string, StoredSource>,
): (file: string) => PostSource {
  // A change of the code themes changes every post's hash: each is rendered with the new ones.
  const render = { codeThemes: codeThemesOf(folder.site?.brand?.code_theme) };
  return (file) => {
    const path = relative(folder.dir, file);
    const before = existing.get(path);
    const stillValid =
      before &&
      folder.categorySlugs.has(before.category) &&
      (before.image === NO_IMAGE || folder.availableImages.has(before.image));
    return {
      file,
      path,
      knownHash: stillValid ? (before.hash ?? undefined) : undefined,
      render,
    };
  };
}

/**
 * The files' loads in file order, each started `ahead` files before it is taken, so that the
 * threads keep parsing while the caller writes a batch.
 */
export function* loadInOrder(
  loader: Pick<PostLoader, 'load'>,
  files: string[],
  sourceOf: (file: string) => PostSource,
  ahead = loadAhead(),
): Generator<Loading> {
  const queue: Loading[] = [];
  let launched = 0;
  for (let index = 0; index < files.length; index++) {
    for (; launched < Math.min(files.length, index + ahead); launched++) {
      const source = sourceOf(files[launched]!);
      const loading = loader.load(source);
      loading.catch(() => {}); // awaited by the caller, in file order
      queue.push({ path: source.path, loading });
    }
    yield queue.shift()!;
  }
}

/**
 * Checks what only the folder can tell of a parsed post: its category and images exist.
 * `categorySlugs` is null when site.yaml was refused (its categories are unknown).
 */
export function checkedPost(
  path: string,
  post: ParsedPost,
  categorySlugs: Set<string> | null,
  availableImages: Set<string>,
): ParsedPost {
  const problems: string[] = [];
  if (categorySlugs && !categorySlugs.has(post.categorySlug))
    problems.push(`"category": "${post.categorySlug}" is not a category of ${SITE_CONFIG_FILE}`);
  for (const image of post.images) {
    if (!availableImages.has(image)) problems.push(`image "${image}" is not in images/`);
  }
  if (problems.length) throw new ContentFileError(path, problems);
  return post;
}
