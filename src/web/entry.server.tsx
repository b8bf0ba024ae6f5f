import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
} from 'react-router';
import type { DataSource } from '../shared/data-source.js';
import type { RenderResult } from '../shared/render-result.js';
import { escapeJsonForHtml, serializeErrors } from './hydration.js';
import { pageMeta, type RouteHandle, type SiteMeta } from './head.js';
import { headTags } from './head.server.js';
import { pageStructuredData } from './page-structured-data.js';
import { fediverseCreator } from '../shared/owner-links.js';
import { siteCard, withSiteCard } from './share-image.server.js';
import { createRoutes, loadEveryScreen, ROUTE_MODULES } from './routes.js';
import type { RootData } from './data/site-meta.js';
import { renderOwnerParts } from './features/owner/owner-parts.server.js';
import { withoutPartsInPage } from './data/owner-parts.js';

const handler = createStaticHandler(createRoutes());
// Loaded before the server answers anything (see loadEveryScreen).
await loadEveryScreen();

type HandlerContext = Exclude<Awaited<ReturnType<typeof handler.query>>, Response>;

/**
 * Data a page already shows as raw HTML is not sent a second time (src/web/data/html-in-page.ts,
 * and the owner's parts: data/owner-parts.ts).
 */
function withoutHtmlInPage(context: HandlerContext, html: string): Record<string, unknown> {
  const loaderData = { ...context.loaderData };
  for (const m of context.matches) {
    const inPage = (m.route.handle as RouteHandle | undefined)?.htmlInPage;
    if (inPage && loaderData[m.route.id] !== undefined)
      loaderData[m.route.id] = inPage.omit(loaderData[m.route.id]);
  }
  // The owner's parts the page shows are read back from it too (data/owner-parts.ts).
  const root = loaderData.root as RootData | undefined;
  if (root) loaderData.root = { ...root, owner: withoutPartsInPage(root.owner, html) };
  return loaderData;
}

/** What a loader or a component threw, of a render's errors: not a route's own 404 or 400. */
const thrown = (errors: Record<string, unknown> | null) =>
  Object.values(errors ?? {}).find((error) => !isRouteErrorResponse(error));

/** Renders one request to HTML with the loaders reading `data` in-process. */
export async function render(request: Request, data: DataSource): Promise<RenderResult> {
  const context = await handler.query(request, {
    requestContext: { data, ownerParts: renderOwnerParts },
  });
  if (context instanceof Response) {
    return {
      kind: 'redirect',
      status: context.status,
      location: context.headers.get('location') ?? '/',
    };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  const root: RootData | undefined = context.loaderData.root;
  const site: SiteMeta | undefined = root?.site;
  const status = context.statusCode;
  const matches = context.matches.map((m) => ({
    id: m.route.id,
    pathname: m.pathname,
    params: m.params,
    data: context.loaderData[m.route.id],
    loaderData: context.loaderData[m.route.id],
    handle: m.route.handle,
  }));
  const meta = site
    ? headTags(
        {
          ...withSiteCard(pageMeta(matches, site, status), await siteCard(data), site),
          structuredData: pageStructuredData(matches, site, status, root!.links),
        },
        site,
        new URL(request.url),
        fediverseCreator(root!.links),
      )
    : '<title>Unexpected Application Error!</title>';
  const hydration = escapeJsonForHtml(
    JSON.stringify({
      loaderData: withoutHtmlInPage(context, html),
      actionData: context.actionData,
      errors: serializeErrors(context.errors),
    }),
  );
  const modules = context.matches
    .map((m) => ROUTE_MODULES[m.route.id])
    .filter((m): m is string => !!m);
  const failure = status >= 500 ? thrown(context.errors) : undefined;
  return { kind: 'page', status, head: meta, html, hydration, modules, failure };
}
