import type { LazyRouteFunction, RouteObject } from 'react-router';
import { PAGE_ROUTES, type PageId } from '../shared/paths.js';
import { rootLoader } from './data/site-meta.js';
import { Root, RootErrorBoundary } from './root.js';

/**
 * The source of each screen, by route id: the one list of the route modules. The routes below
 * load each from it as a chunk of its own, and the server preloads the chunks of the page it
 * renders by these names (scripts/check-bundle-size.js reads them too).
 */
export const ROUTE_MODULES: Record<string, string> = {
  landing: 'features/landing/landing-route.tsx',
  resume: 'features/resume/resume-route.tsx',
  reader: 'features/reader/reader-layout.tsx',
  posts: 'features/posts/posts-route.tsx',
  search: 'features/posts/search-route.tsx',
  category: 'features/posts/category-route.tsx',
  tag: 'features/posts/tag-route.tsx',
  preview: 'features/posts/preview-route.tsx',
  post: 'features/posts/post-route.tsx',
  'not-found': 'features/not-found/not-found-route.tsx',
};

type RouteModule = Awaited<ReturnType<LazyRouteFunction<RouteObject>>>;
/** A route's own fields (path, index, children): an index route's or another's. */
type RouteFields<R = RouteObject> = R extends RouteObject ? Omit<R, 'id' | 'lazy'> : never;

/** Every screen's module by its path from here, loaded on first use (Vite's import.meta.glob). */
const SCREENS = import.meta.glob<RouteModule>('./features/*/*-{route,layout}.tsx');

/**
 * Every screen's module, loaded now. The server loads them all when it starts, so that a new build
 * installed under a running server (a deploy, before its restart) leaves what it serves whole: a
 * screen first asked for later would be read from the new build's files, under names that no
 * longer exist.
 */
export function loadEveryScreen(): Promise<RouteModule[]> {
  return Promise.all(Object.values(SCREENS).map((load) => load()));
}

/** The route `id`, its screen loaded from the module ROUTE_MODULES names for it. */
function route(id: string, fields: RouteFields = {}): RouteObject {
  const load = SCREENS[`./${ROUTE_MODULES[id]}`];
  if (!load) throw new Error(`No module ${ROUTE_MODULES[id]} for the route "${id}"`);
  return { ...fields, id, lazy: load };
}

/** The route of page `id`, its path that of PAGE_ROUTES (shared/paths.ts) under the root's `/`. */
const page = (id: Exclude<PageId, 'landing'>) => route(id, { path: PAGE_ROUTES[id].slice(1) });

export function createRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      path: PAGE_ROUTES.landing,
      Component: Root,
      ErrorBoundary: RootErrorBoundary,
      loader: rootLoader,
      shouldRevalidate: () => false,
      children: [
        route('landing', { index: true }),
        page('resume'),
        route('reader', {
          children: [
            page('posts'),
            page('search'),
            page('category'),
            page('tag'),
            page('preview'),
            page('post'),
          ],
        }),
        route('not-found', { path: '*' }),
      ],
    },
  ];
}
