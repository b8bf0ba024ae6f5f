import type { DataSource } from '../../shared/data-source.js';
import type { AppContext } from '../app-context.js';
import { HttpError, isUnavailable } from '../http/errors.js';
import { publicSite } from './public-site.js';

/** A database that is away becomes a 503 the page can show with a retry. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUnavailable(error))
      throw new HttpError(503, 'unavailable', 'The database is briefly unavailable');
    throw error;
  }
}

/** Server rendering reads the services in-process, never over HTTP. */
export function serverDataSource(ctx: AppContext): DataSource {
  const { posts } = ctx;
  return {
    site: async () => publicSite(ctx),
    categories: () => guarded(() => posts.categories()),
    postsPage: (page, categoryId) => guarded(() => posts.postsPage(page, categoryId)),
    post: (slug) => guarded(() => posts.post(slug)),
    search: (text, page) => guarded(() => posts.search(text, page)),
    checkEmployer: async () => {
      throw new Error('The employer check runs in the browser only');
    },
  };
}
