import type { DataSource } from '../../shared/data-source.js';
import type { AppContext } from '../app-context.js';
import { HttpError, isUnavailable } from '../http/errors.js';
import { publicSite } from './public-site.js';
import { withSiteImages } from '../images/site-images.js';

/** Set when a read of one render found the database away. */
export interface RenderWatch {
  unavailable: boolean;
}

/**
 * Server rendering reads the services in-process, never over HTTP. A database that is away
 * becomes a 503 the page can show with a retry, and is noted in `watch`, so that the server can
 * answer the whole page as the error contract's 503 rather than as a failed render.
 */
export function serverDataSource(ctx: AppContext, watch: RenderWatch): DataSource {
  const { posts } = ctx;
  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!isUnavailable(error)) throw error;
      watch.unavailable = true;
      throw new HttpError(503, 'unavailable', 'The database is briefly unavailable');
    }
  }
  return {
    site: () => withSiteImages(publicSite(ctx), ctx.images),
    categories: () => guarded(() => posts.categories()),
    postsPage: (page, categoryId) => guarded(() => posts.postsPage(page, categoryId)),
    post: (slug) => guarded(() => posts.post(slug)),
    preview: (token) => guarded(() => ctx.preview.open(token)),
    tags: () => guarded(() => posts.tags.list()),
    tagPage: (page, tag) => guarded(() => posts.tagPage(page, tag)),
    search: (text, page) => guarded(() => posts.search(text, page)),
    checkEmployer: async () => {
      throw new Error('The employer check runs in the browser only');
    },
  };
}
