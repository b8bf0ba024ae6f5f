import type { ServerConfig } from './config.js';
import type { Store } from './db/connection.js';
import type { ContentStateWatcher } from './content-state/content-state.js';
import type { ResponseCache } from './cache/response-cache.js';
import type { Posts } from './images/posts-with-images.js';
import type { ImageCatalog } from './images/image-catalog.js';
import type { BrandImages } from './brand-images/brand-images.service.js';
import type { Clock } from './schedule/clock.js';
import type { PublicationSchedule } from './schedule/publication-schedule.js';
import type { PreviewService } from './preview/preview.service.js';
import type { SiteLook, SiteLooks } from './brand/site-look.js';
import type { Analytics } from './analytics/analytics.service.js';

/** The services every route reaches through `app.ctx`. */
export interface AppContext {
  config: ServerConfig;
  store: Store;
  posts: Posts;
  /** The published images and their variants (/images/ redirects, cards, post bodies). */
  images: ImageCatalog;
  /** The icons, manifest and link-preview cards drawn from the brand (brand-images/). */
  brand: BrandImages;
  /** What "now" is for which posts are visible (a post dated later is scheduled). */
  clock: Clock;
  /** Drops what was derived from the visible posts when the next scheduled post goes live. */
  schedule: PublicationSchedule;
  /** Private preview links of drafts and scheduled posts: signs and opens them. */
  preview: PreviewService;
  contentState: ContentStateWatcher;
  /** Serialized responses of /api/ URLs, cleared on every content change. */
  responses: ResponseCache;
  /**
   * Every other cached URL: rendered pages, feeds and the sitemap, cleared on every content
   * change. Kept apart so that large pages cannot crowd out API responses.
   */
  pages: ResponseCache;
  /**
   * The Cache-Control of public answers from the caches (cache/cache-policy.ts); shorter
   * just before a scheduled post goes live (cache/scheduled-lifetime.ts).
   */
  cacheControl: string;
  /** The owner's look as imported (brand/site-look.ts), told the app's stylesheet by the web mount. */
  looks: SiteLooks;
  /** The look of the content being served: what every page's head carries of the brand. */
  readonly look: SiteLook;
  /** CSP hashes ('sha256-…') of the stylesheets pages inline: the app's and the brand's. */
  readonly inlineStyleHashes: readonly string[];
  /** What the answers count (analytics/); absent with ANALYTICS=off. */
  analytics: Analytics | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /**
     * Takes the connections already queued and closes the listener, before `close()`: Fastify,
     * once closing, asks every client it answers to reconnect, into that queue.
     */
    stopAccepting(): Promise<void>;
  }
}
