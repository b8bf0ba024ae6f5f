import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { DataSource } from '../shared/data-source.js';
import type { RenderResult } from '../shared/render-result.js';
import { escapeJsonForHtml, serializeErrors } from './hydration.js';
import { headTags, pageMeta, type SiteMeta } from './head.js';
import { createRoutes, ROUTE_MODULES } from './routes.js';

const handler = createStaticHandler(createRoutes());

/** Renders one request to HTML with the loaders reading `data` in-process. */
export async function render(request: Request, data: DataSource): Promise<RenderResult> {
  const context = await handler.query(request, { requestContext: { data } });
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
  const site: SiteMeta | undefined = context.loaderData.root;
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
    ? headTags(pageMeta(matches, site, status), site, new URL(request.url))
    : '<title>Unexpected Application Error!</title>';
  const hydration = escapeJsonForHtml(
    JSON.stringify({
      loaderData: context.loaderData,
      actionData: context.actionData,
      errors: serializeErrors(context.errors),
    }),
  );
  const modules = context.matches
    .map((m) => ROUTE_MODULES[m.route.id])
    .filter((m): m is string => !!m);
  return { kind: 'page', status, head: meta, html, hydration, modules };
}
