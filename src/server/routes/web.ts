import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import type { DataSource } from '../../shared/data-source.js';
import { isApiPath, PAGE_ROUTES, withoutTrailingSlash } from '../../shared/paths.js';
import type { RenderResult } from '../../shared/render-result.js';
import { HttpError } from '../http/errors.js';
import { sendCached } from '../http/front/cached-answer.js';
import { isPreviewUrl, neverStored, PREVIEW_HEADERS } from '../preview/preview-page.js';
import { PageTemplate } from '../ssr/page-template.js';
import type { SiteLook } from '../brand/site-look.js';
import { contentSecurityPolicy } from '../http/security-headers.js';
import { loadedReactBuild } from '../ssr/react-build.js';
import { serverDataSource, type RenderWatch } from '../ssr/server-data-source.js';
import { ShownContent } from '../cache/shown-content.js';
import { movedPostPage } from './post-moves.js';
import { BEACON_TAG } from '../analytics/beacon-script.js';
import { CACHE_CONTROL, IMMUTABLE, STATIC_FILE } from '../cache/cache-policy.js';

interface ServerEntry {
  render(request: Request, data: DataSource): Promise<RenderResult>;
}

/** The server entry of the web build; throws when the app was not built. */
async function loadServerEntry(webDir: string): Promise<ServerEntry> {
  const entryFile = join(webDir, 'server', 'entry.server.js');
  if (!existsSync(entryFile))
    throw new Error(`The web build is missing (${entryFile}); run npm run build`);
  return (await import(pathToFileURL(entryFile).href)) as ServerEntry;
}

/** The build's client files: hashed assets for a year, the rest for an hour. */
async function serveClientFiles(app: FastifyInstance, clientDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    wildcard: false,
    index: false,
    decorateReply: false,
    preCompressed: true,
    allowedPath: (path) => path !== '/index.html' && !path.startsWith('/.vite'),
    setHeaders: (res, path) => {
      res.header(CACHE_CONTROL, path.includes('/assets/') ? IMMUTABLE : STATIC_FILE);
    },
  });
}

const lookCsp = new WeakMap<SiteLook, Record<string, string>>();

/** The page CSP of a look, made once per look. */
function lookHeaders(look: SiteLook): Record<string, string> {
  let headers = lookCsp.get(look);
  if (!headers) {
    headers = { 'content-security-policy': contentSecurityPolicy(look.styleHashes) };
    lookCsp.set(look, headers);
  }
  return headers;
}

/**
 * The answer to a page's URL, rendered on the server: the page, a redirect or a moved post; a
 * page asked for with a trailing slash is a 301 to its one address, without it.
 */
async function renderPage(
  app: FastifyInstance,
  page: { entry: ServerEntry; template: PageTemplate; devHead: string },
  url: string,
  preview: boolean,
) {
  const slashless = withoutTrailingSlash(url);
  if (slashless !== undefined)
    return {
      statusCode: 301,
      body: '',
      contentType: 'text/plain; charset=utf-8',
      headers: { location: slashless, ...(preview ? PREVIEW_HEADERS : {}) },
      // Shows no content: no import drops it.
      shows: [],
    };
  const look = app.ctx.look;
  const watch: RenderWatch = { unavailable: false, shown: new ShownContent() };
  const result = await page.entry.render(
    // Concatenated, not resolved: a path such as //host must stay a path on this site.
    new Request(`http://localhost${url}`),
    serverDataSource(app.ctx, watch),
  );
  // The database is away: the error contract's 503 page with Retry-After, as the API's.
  if (watch.unavailable)
    throw new HttpError(503, 'unavailable', 'The database is briefly unavailable');
  // An old slug of a post answers 301 to its new one, a pruned post's 410 (post-moves.ts).
  const moved =
    result.kind === 'page' && result.status === 404 ? await movedPostPage(app, url) : undefined;
  if (moved) return moved;
  if (result.kind === 'redirect') {
    return {
      statusCode: result.status,
      body: '',
      contentType: 'text/plain',
      headers: { location: result.location, ...(preview ? PREVIEW_HEADERS : {}) },
    };
  }
  if (result.failure !== undefined)
    app.log.error({ err: result.failure, url }, 'page failed to render');
  const language = app.ctx.contentState.state.site?.site.language ?? 'en';
  return {
    statusCode: result.status,
    body: page.template.page({
      ...result,
      head: result.head + page.devHead,
      language,
      look: look.head,
    }),
    contentType: 'text/html; charset=utf-8',
    cacheable: result.status === 200,
    // The CSP that allows the brand's stylesheet this page carries, even when an import changes
    // the brand while it renders.
    headers: { ...(preview ? PREVIEW_HEADERS : {}), ...lookHeaders(look) },
    shows: watch.shown.scopes,
    found: watch.found,
  };
}

/** Serves the built web app: hashed assets, then every other GET rendered on the server. */
export async function mountWeb(
  app: FastifyInstance,
  options: {
    /** More of each page's head, read before it renders: `postfolio dev`'s reload script. */
    devHead?: () => string;
  } = {},
): Promise<void> {
  const clientDir = join(app.ctx.config.webDir, 'client');
  const entry = await loadServerEntry(app.ctx.config.webDir);
  app.log.info(`pages render with React's ${loadedReactBuild()} build`);
  const template = new PageTemplate(clientDir);
  // With ANALYTICS_BEACON every page reports its own view (analytics/beacon-script.ts).
  const beaconHead = app.ctx.analytics && app.ctx.config.analytics.beacon ? BEACON_TAG : '';
  app.ctx.looks.useAppStyleHashes(template.styleHashes);
  // Error pages link the site's stylesheet (allowed by the pages' `style-src 'self'`).
  app.errorAnswers.stylesheets = [
    ...readFileSync(join(clientDir, 'index.html'), 'utf8').matchAll(
      /<link rel="stylesheet"[^>]*href="(\/[^"]+\.css)"/g,
    ),
  ].map((match) => match[1]!);
  await serveClientFiles(app, clientDir);

  const page: RouteHandlerMethod = async (request, reply) => {
    if (isApiPath(request.url)) return reply.callNotFound();
    // A private preview takes the same path and is never stored (preview/preview-page.ts).
    const preview = isPreviewUrl(request.url);
    const pages = preview ? neverStored : app.ctx.pages;
    const entryResponse = await pages.getOrProduce(request.url, () =>
      renderPage(
        app,
        { entry, template, devHead: (options.devHead?.() ?? '') + beaconHead },
        request.url,
        preview,
      ),
    );
    return sendCached(request, reply, entryResponse);
  };
  // The web app's pages by the patterns its route table has too (a test holds the two the same);
  // the catch-all renders the rest, which the app answers with its 404 page.
  for (const pattern of Object.values(PAGE_ROUTES))
    app.get(pattern, { schema: { hide: true } }, page);
  app.get('/*', { schema: { hide: true } }, page);
}
