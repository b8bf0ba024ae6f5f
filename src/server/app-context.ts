import type { ServerConfig } from './config.js';
import type { Store } from './db/connection.js';
import type { ContentStateWatcher } from './content-state/content-state.js';
import type { ResponseCache } from './http/response-cache.js';
import type { PostsService } from './posts/posts.service.js';

/** The services every route reaches through `app.ctx`. */
export interface AppContext {
  config: ServerConfig;
  store: Store;
  posts: PostsService;
  contentState: ContentStateWatcher;
  /** Serialized responses of /api/ URLs, cleared on every content change. */
  responses: ResponseCache;
  /**
   * Every other cached URL: rendered pages, feeds and the sitemap, cleared on every content
   * change. Kept apart so that large pages cannot crowd out API responses.
   */
  pages: ResponseCache;
  /** The Cache-Control of public answers from the caches (http/front/cache-policy.ts). */
  cacheControl: string;
  /** CSP hashes ('sha256-…') of the stylesheet inlined in pages; set by the web mount. */
  inlineStyleHashes: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
