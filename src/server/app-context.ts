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
  /** Serialized API and page responses, cleared on every content change. */
  responses: ResponseCache;
  /** Server-rendered pages, kept apart so that pages cannot crowd out API responses. */
  pages: ResponseCache;
  /** CSP hashes ('sha256-…') of the stylesheet inlined in pages; set by the web mount. */
  inlineStyleHashes: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
