// The search as the built app (dist/) runs it: the benches measure what ships, so `npm run build`
// comes first.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './paths.js';

const built = (path) => import(pathToFileURL(join(ROOT, 'dist', path)).href);

/** The store opener, the search, the query parser and the stop words of the built app. */
export async function builtSearch() {
  const [{ openStore }, { createPostSearch }, { parseSearchText }, { STOP_WORDS }] =
    await Promise.all([
      built('server/db/connection.js'),
      built('server/posts/search/search.js'),
      built('server/posts/search/search-query.js'),
      built('server/posts/search/stop-words.js'),
    ]);
  return { openStore, createPostSearch, parseSearchText, STOP_WORDS };
}
