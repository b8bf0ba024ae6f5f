import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { HYDRATION_DATA_SELECTOR } from '../shared/hydration-data.js';
import { deserializeErrors } from './hydration.js';
import { createRoutes } from './routes.js';

const routes = createRoutes();
const element = document.querySelector(HYDRATION_DATA_SELECTOR);
const state = element?.textContent ? JSON.parse(element.textContent) : {};

// The server rendered with every matched route module loaded; load them before hydrating
// so that the first client render is the same markup.
const matches = matchRoutes(routes, window.location) ?? [];
await Promise.all(
  matches.map(async ({ route }) => {
    if (typeof route.lazy !== 'function') return;
    const module = await route.lazy();
    Object.assign(route, { ...module, lazy: undefined });
  }),
);

const router = createBrowserRouter(routes, {
  hydrationData: {
    loaderData: state.loaderData,
    actionData: state.actionData,
    errors: deserializeErrors(state.errors),
  },
});

// As a transition, hydration yields to the browser every few milliseconds instead of holding the
// main thread for the whole page (a long post is one task of 100–200 ms on a slow phone).
startTransition(() => {
  hydrateRoot(
    document.getElementById('root')!,
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});
