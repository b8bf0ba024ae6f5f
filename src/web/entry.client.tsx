import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { HYDRATION_DATA_SELECTOR } from '../shared/hydration-data.js';
import { readPartsInPage } from './data/owner-parts.js';
import type { RootData } from './data/site-meta.js';
import type { RouteHandle } from './head.js';
import { deserializeErrors } from './hydration.js';
import { followLinksWith } from './navigation/follow-in-app.js';
import { createRoutes } from './routes.js';

/**
 * The server rendered with every matched route module loaded; load them before hydrating so that
 * the first client render is the same markup. What the server left out of the data because the
 * page shows it (a post's body; the owner's parts, in hydrate) is read back from the server's DOM.
 */
async function loadMatchedRoutes(
  routes: RouteObject[],
  loaderData: Record<string, unknown> | undefined,
  root: HTMLElement,
) {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy === 'function')
        Object.assign(route, { ...(await route.lazy()), lazy: undefined });
      const html = (route.handle as RouteHandle | undefined)?.htmlInPage;
      if (html && loaderData?.[route.id!] !== undefined)
        loaderData[route.id!] = html.restore(loaderData[route.id!], root);
    }),
  );
}

/**
 * A function, not top-level code with `await`: a module with a top-level await makes Rolldown
 * give every dynamic import of the build (boot.ts's stages, the reader layout) a chunk of
 * re-exports of its own in front of the chunk that holds the code, a request each.
 */
async function hydrate() {
  const routes = createRoutes();
  const element = document.querySelector(HYDRATION_DATA_SELECTOR);
  const state = element?.textContent ? JSON.parse(element.textContent) : {};
  const root = document.getElementById('root')!;
  await loadMatchedRoutes(routes, state.loaderData, root);
  readPartsInPage((state.loaderData?.root as RootData | undefined)?.owner ?? {}, root);

  const router = createBrowserRouter(routes, {
    hydrationData: {
      loaderData: state.loaderData,
      actionData: state.actionData,
      errors: deserializeErrors(state.errors),
    },
  });
  followLinksWith(router);

  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (a long post is one task of 100–200 ms on a slow phone).
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
}

void hydrate();
