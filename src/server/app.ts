import cluster from 'node:cluster';
import { createServer } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppContext } from './app-context.js';
import type { ServerConfig } from './config.js';
import { ContentStateWatcher } from './content-state/content-state.js';
import type { Store } from './db/connection.js';
import { HttpError } from './http/errors.js';
import { serveFromCache } from './http/cached-front.js';
import { ClusterRateLimitStore } from './http/cluster-rate-limit.js';
import { ResponseCache } from './http/response-cache.js';
import { errorHandlers } from './plugins/error-handlers.js';
import { securityHeaders } from './plugins/security-headers.js';
import { validatorCompiler } from './plugins/validators.js';
import { PostsRepository } from './posts/posts.repository.js';
import { PostsService } from './posts/posts.service.js';
import { createPostSearch } from './posts/search/search.js';
import { categoryRoutes } from './routes/api/categories.js';
import { contactRoutes } from './routes/api/contact.js';
import { employerCheckRoutes } from './routes/api/employer-check.js';
import { openApiRoutes } from './routes/api/openapi.js';
import { postRoutes } from './routes/api/posts.js';
import { searchRoutes } from './routes/api/search.js';
import { siteRoutes } from './routes/api/site.js';
import { feedRoutes } from './routes/feeds.js';
import { healthRoutes } from './routes/health.js';

export interface BuildAppOptions {
  config: ServerConfig;
  store: Store;
  logger?: FastifyServerOptions['logger'];
  /** How often to look for content written by another process; tests set it low. */
  contentPollMs?: number;
  /** Mounts the server-rendered web app; omitted in API-only tests. */
  web?: (app: FastifyInstance) => Promise<void>;
}

/** Builds the whole server without listening, so tests can `inject()` requests into it. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, store } = options;
  // Set once the context exists; until then every request goes to Fastify.
  const front: { ctx?: AppContext } = {};
  const app = Fastify({
    // Cached responses are answered before Fastify, as a cache in front of the app would.
    serverFactory: (handler) =>
      createServer((req, res) => {
        if (!front.ctx || !serveFromCache(req, res, front.ctx)) handler(req, res);
      }),
    logger: options.logger ?? false,
    // A log line per request costs more than serving a cached response; kept for debug level.
    logController: new LogController({
      disableRequestLogging: !['debug', 'trace'].includes(config.logLevel),
    }),
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    // Slugs and search text may be long; the schema limits still apply to each parameter.
    routerOptions: { maxParamLength: 8192 },
    return503OnClosing: true,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);

  const repository = new PostsRepository(store.db);
  const ctx: AppContext = {
    config,
    store,
    posts: new PostsService(repository, createPostSearch(store.db, store.engine), config.pageSize),
    contentState: new ContentStateWatcher(store.db, {
      pollMs: options.contentPollMs,
      listen: store.listen,
    }),
    responses: new ResponseCache(2000, 8 * 1024 * 1024),
    pages: new ResponseCache(300, 4 * 1024 * 1024),
    inlineStyleHashes: [],
  };
  app.decorate('ctx', ctx);
  front.ctx = ctx;
  ctx.contentState.onChange(() => {
    ctx.posts.contentChanged();
    ctx.responses.clear();
    ctx.pages.clear();
  });
  await ctx.contentState.start();
  app.addHook('onClose', async () => ctx.contentState.stop());

  await app.register(securityHeaders);
  await app.register(errorHandlers);
  await app.register(rateLimit, {
    global: false,
    // In `serve --workers N` the limits are counted across workers, by the primary.
    ...(cluster.isWorker ? { store: ClusterRateLimitStore } : {}),
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

  await app.register(healthRoutes);
  await app.register(categoryRoutes);
  await app.register(postRoutes);
  await app.register(searchRoutes);
  await app.register(siteRoutes);
  await app.register(employerCheckRoutes);
  await app.register(contactRoutes);
  await app.register(openApiRoutes);
  await app.register(feedRoutes);
  await app.register(fastifyStatic, {
    root: config.imagesDir,
    prefix: '/images/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    immutable: true,
    maxAge: '365d',
  });
  if (options.web) await options.web(app);
  return app;
}
