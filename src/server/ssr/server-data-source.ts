import type { DataSource } from '../../shared/data-source.js';
import type { AppContext } from '../app-context.js';
import { HttpError, isUnavailable } from '../http/errors.js';
import { publicSite } from './public-site.js';
import { withSiteImages } from '../images/site-images.js';
import { scope, tagsOfCards, type ShownContent } from '../cache/shown-content.js';

/** What one render's reads found. */
export interface RenderWatch {
  /** Set when a read found the database away. */
  unavailable: boolean;
  /** What of the content the page shows, from what it read. */
  shown: ShownContent;
  /** A search page's: how many posts the search found (counted by the analytics). */
  found?: number;
}

/**
 * Server rendering reads the services in-process, never over HTTP. A database that is away
 * becomes a 503 the page can show with a retry, and is noted in `watch`, so that the server can
 * answer the whole page as the error contract's 503 rather than as a failed render; what each
 * read shows is noted there too, as the API's routes note it of their answers.
 */
export function serverDataSource(ctx: AppContext, watch: RenderWatch): DataSource {
  const { posts } = ctx;
  const { shown } = watch;
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
    // The site's images are read from the store once per content version: after an import or a
    // restart, the first page (the landing page and the résumé read nothing else) may find it away.
    site: () => guarded(() => withSiteImages(publicSite(ctx), ctx)),
    categories: () => {
      shown.add(scope.counts);
      return guarded(() => posts.categories());
    },
    postsPage: async (page, categoryId) => {
      const list = await guarded(() => posts.postsPage(page, categoryId));
      shown.add(categoryId === undefined ? scope.anyCard : scope.category(categoryId));
      shown.add(...tagsOfCards(list.data));
      return list;
    },
    post: (slug) => guarded(() => posts.post(slug, false, shown)),
    preview: (token) => {
      shown.everything();
      return guarded(() => ctx.preview.open(token));
    },
    tags: () => {
      shown.add(scope.anyCard);
      return guarded(() => posts.tags.list());
    },
    tagPage: async (page, tag) => {
      const list = await guarded(() => posts.tagPage(page, tag));
      shown.add(scope.tag(tag), ...tagsOfCards(list.data));
      return list;
    },
    search: async (text, page) => {
      shown.everything();
      const result = await guarded(() => posts.search(text, page));
      watch.found = result.total;
      return result;
    },
    checkEmployer: async () => {
      throw new Error('The employer check runs in the browser only');
    },
  };
}
