import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { deserializeErrors, HYDRATION_ELEMENT_ID } from './hydration.js';
import { createRoutes } from './routes.js';

const routes = createRoutes();
const element = document.getElementById(HYDRATION_ELEMENT_ID);
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

hydrateRoot(
  document.getElementById('root')!,
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
