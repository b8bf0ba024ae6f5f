import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '../shared/paths.js';
import { createRoutes } from './routes.js';

/** Every screen of the table by its route id, with its full path (`*` is the 404 screen). */
function screens(routes: RouteObject[], parent = ''): Record<string, string> {
  const found: Record<string, string> = {};
  for (const route of routes) {
    const path = route.index
      ? parent || '/'
      : route.path === undefined
        ? parent
        : `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`;
    if (route.children) Object.assign(found, screens(route.children, path));
    else found[route.id!] = path;
  }
  return found;
}

describe('the route table', () => {
  it('has a screen for each page of PAGE_ROUTES, at its pattern, and no other page', () => {
    expect(screens(createRoutes())).toEqual({ ...PAGE_ROUTES, 'not-found': '/*' });
  });
});
