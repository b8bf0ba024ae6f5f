import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import type { AppContext } from './app-context.js';
import type { ServerConfig } from './config.js';
import { changeSince, ContentStateWatcher } from './content-state/content-state.js';
import type { Store } from './db/connection.js';
import { HttpError } from './http/errors.js';
import { clientErrorHandler, frameworkErrors } from './http/early-errors.js';
import { ErrorAnswers } from './http/error-answer.js';
import { rateLimitStoreFor } from './http/store-rate-limit.js';
import { FrontDoor } from './http/front/front-door.js';
import { trustOf } from './http/client-address.js';
import { createAnalytics } from './analytics/analytics.service.js';
import { dropStale } from './cache/invalidation.js';
import { createCaches } from './cache/server-caches.js';
import { errorHandlers } from './plugins/error-handlers.js';
import { requestGuard } from './plugins/request-guard.js';
import { securityHeaders } from './plugins/security-headers.js';
import { validatorCompiler } from './plugins/validators.js';
import { PostsRepository } from './posts/posts.repository.js';
import { PostsService } from './posts/posts.service.js';
import { createPostSearch } from './posts/search/search.js';
import { systemClock, type Clock } from './schedule/clock.js';
import { PublicationSchedule } from './schedule/publication-schedule.js';
import { ScheduleRepository } from './schedule/schedule.repository.js';
import { categoryRoutes } from './routes/api/categories.js';
import { contactRoutes } from './routes/api/contact.js';
import { employerCheckRoutes } from './routes/api/employer-check.js';
import { openApiRoutes } from './routes/api/openapi.js';
import { postRoutes } from './routes/api/posts.js';
import { previewRoutes } from './routes/api/preview.js';
import { PreviewRepository } from './preview/preview.repository.js';
import { PreviewService } from './preview/preview.service.js';
import { searchRoutes } from './routes/api/search.js';
import { siteRoutes } from './routes/api/site.js';
import { tagRoutes } from './routes/api/tags.js';
import { feedRoutes } from './routes/feeds.js';
import { tagFeedRoutes } from './routes/feeds/tag-feed.js';
import { healthRoutes } from './routes/health.js';
import { ImagesRepository } from './images/images.repository.js';
import { ImageCatalog } from './images/image-catalog.js';
import { SiteLooks } from './brand/site-look.js';
import { lookRoutes } from './brand/look-routes.js';
import { imageRoutes } from './images/image-routes.js';
import { statsDashboardRoutes } from './routes/stats-dashboard.js';
import { analyticsBeaconRoutes } from './routes/analytics-beacon.js';
import { BrandImages } from './brand-images/brand-images.service.js';
import { brandImageRoutes } from './brand-images/brand-image-routes.js';
import { PostsWithImages } from './images/posts-with-images.js';

export interface BuildAppOptions {
  config: ServerConfig;
  store: Store;
  logger?: FastifyServerOptions['logger'];
  /** How often to look for content written by another process; tests set it low. */
  contentPollMs?: number;
  /** Decides which posts are visible (scheduled posts); tests move an injected one. */
  clock?: Clock;
  /** Measures how long connections have been open and quiet while draining; tests move one. */
  drainClock?: Clock;
  /** Mounts the server-rendered web app; omitted in API-only tests. */
  web?: (app: FastifyInstance) => Promise<void>;
}

/** Fastify behind the front door, with its early errors answered by `answers`. */
function createServer(
  config: ServerConfig,
  front: FrontDoor,
  answers: ErrorAnswers,
  logger: FastifyServerOptions['logger'],
) {
  const app = Fastify({
    serverFactory: front.serverFactory,
    clientErrorHandler: clientErrorHandler(answers),
    frameworkErrors: frameworkErrors(answers),
    logger: logger ?? false,
    // The front door writes one debug line per request, cached or not.
    logController: new LogController({ disableRequestLogging: true }),
    // The front door reads client addresses with the same function (http/client-address.ts).
    trustProxy: trustOf(config.trustProxy),
    bodyLimit: 64 * 1024,
    // Slugs and search text may be long; the schema limits still apply to each parameter.
    routerOptions: { maxParamLength: 8192 },
    // While the front door drains, requests on open connections are answered, not refused.
    return503OnClosing: false,
  }).withTypeProvider<TypeBoxTypeProvider>();
  front.useLogger(app.log);
  app.setValidatorCompiler(validatorCompiler);
  return app;
}

/**
 * The services of `app.ctx`. A change of the content, or of what is visible of it (a scheduled
 * post going live), drops what was derived from the posts (cache/invalidation.ts).
 */
function createContext(options: BuildAppOptions, log: FastifyBaseLogger): AppContext {
  const { config, store } = options;
  const clock = options.clock ?? systemClock;
  const repository = new PostsRepository(store.db, clock);
  const contentMoved = () => dropStale(ctx, ctx.posts, null);
  const schedule = new PublicationSchedule({
    clock,
    nextPublication: (now) => new ScheduleRepository(store.db).nextPublication(now),
    publish: () => contentMoved(),
  });
  const caches = createCaches(config, () => schedule.next, clock);
  const images = new ImageCatalog(new ImagesRepository(store.db));
  const brand = new BrandImages(config.imagesDir, () => ctx.contentState.state.site, images);
  // The analytics dashboard's links are signed with the preview links' secret.
  const linkSecret = () => ctx.preview.secret();
  const ctx: AppContext = {
    config,
    store,
    posts: new PostsWithImages(
      new PostsService(
        repository,
        createPostSearch(store.db, store.engine, clock),
        config.pageSize,
      ),
      images,
      brand,
    ),
    clock,
    schedule,
    preview: new PreviewService({
      repository: new PreviewRepository(store.db),
      clock,
      secret: config.previewSecret,
      posts: () => ctx.posts,
    }),
    contentState: new ContentStateWatcher(store.db, {
      pollMs: options.contentPollMs,
      listen: store.listen,
    }),
    images,
    brand,
    responses: caches.responses,
    pages: caches.pages,
    get cacheControl() {
      return caches.lifetime.value;
    },
    looks: new SiteLooks(),
    get look() {
      return ctx.looks.of(ctx.contentState.state);
    },
    get inlineStyleHashes() {
      return ctx.look.styleHashes;
    },
    analytics: createAnalytics(config, { db: store.db, clock, log, secret: linkSecret }),
  };
  ctx.contentState.onChange((state, previous) => {
    // An import that changed posts alone: the answers and what was derived from the posts that
    // show none of it stay (cache/invalidation.ts).
    dropStale(ctx, ctx.posts, changeSince(previous, state));
    void schedule.refresh();
  });
  return ctx;
}

/** The hooks every route passes: headers, errors, request limits, rate limits; the OpenAPI document. */
async function registerPlugins(app: FastifyInstance, answers: ErrorAnswers): Promise<void> {
  await app.register(securityHeaders);
  await app.register(errorHandlers, { answers });
  await app.register(requestGuard);
  const store = rateLimitStoreFor(app);
  await app.register(rateLimit, {
    global: false,
    // One count per client: across instances on PostgreSQL, across workers on SQLite.
    ...(store ? { store } : {}),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'rate_limited', `Too many attempts; try again in ${context.after}`),
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Postfolio API',
        version: '1.0.0',
        description: 'The JSON calls of the Postfolio reader. Errors are {error: {code, message}}.',
      },
    },
  });
}

async function registerRoutes(app: FastifyInstance, config: ServerConfig): Promise<void> {
  await app.register(healthRoutes);
  await app.register(categoryRoutes);
  await app.register(postRoutes);
  await app.register(previewRoutes);
  await app.register(searchRoutes);
  await app.register(tagRoutes);
  await app.register(siteRoutes);
  await app.register(employerCheckRoutes);
  await app.register(contactRoutes);
  await app.register(openApiRoutes);
  await app.register(feedRoutes);
  await app.register(tagFeedRoutes);
  await app.register(imageRoutes, { root: config.imagesDir });
  await app.register(lookRoutes);
  await app.register(brandImageRoutes);
  await app.register(statsDashboardRoutes);
  await app.register(analyticsBeaconRoutes);
}

/** Builds the whole server without listening, so tests can `inject()` requests into it. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const answers: ErrorAnswers = new ErrorAnswers(() => ({
    styleHashes: front.ctx?.inlineStyleHashes ?? [],
    look: front.ctx?.look.scriptlessHead ?? '',
    language: front.ctx?.contentState.state.site?.site.language ?? 'en',
  }));
  // Every request passes the front door: cached answers, overload, timeouts, drain, the request
  // log (http/front/front-door.ts states its contract).
  const front: FrontDoor = new FrontDoor(options.config.http, answers, options.drainClock);
  const app = createServer(options.config, front, answers, options.logger);
  const ctx = createContext(options, app.log);
  app.decorate('ctx', ctx);
  front.ctx = ctx;
  await ctx.contentState.start();
  await ctx.schedule.start();
  ctx.analytics?.start();
  app.addHook('onClose', async () => {
    ctx.schedule.stop();
    // After the drain: the answers of every request are counted, and written now.
    await ctx.analytics?.stop();
    await ctx.contentState.stop();
  });
  // Closing drains first: requests in flight and on open connections are answered.
  app.addHook('preClose', async () => {
    await front.drain();
  });
  app.decorate('stopAccepting', () => front.stopAccepting());

  await registerPlugins(app, answers);
  await registerRoutes(app, options.config);
  if (options.web) await options.web(app);
  return app;
}
