import type { RouteObject } from 'react-router';
import { rootLoader } from './data/site-meta.js';
import { Root, RootErrorBoundary } from './root.js';

/**
 * The route table of the specification. Each screen is its own chunk (`lazy`); `module` names
 * its source so that the server can preload the chunks of the page it renders.
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

export function createRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      path: '/',
      Component: Root,
      ErrorBoundary: RootErrorBoundary,
      loader: rootLoader,
      shouldRevalidate: () => false,
      children: [
        { id: 'landing', index: true, lazy: () => import('./features/landing/landing-route.js') },
        { id: 'resume', path: 'resume', lazy: () => import('./features/resume/resume-route.js') },
        {
          id: 'reader',
          lazy: () => import('./features/reader/reader-layout.js'),
          children: [
            { id: 'posts', path: 'posts', lazy: () => import('./features/posts/posts-route.js') },
            {
              id: 'search',
              path: 'posts/:text',
              lazy: () => import('./features/posts/search-route.js'),
            },
            {
              id: 'category',
              path: 'cate/:id',
              lazy: () => import('./features/posts/category-route.js'),
            },
            { id: 'tag', path: 'tag/:tag', lazy: () => import('./features/posts/tag-route.js') },
            {
              id: 'preview',
              path: 'preview/:token',
              lazy: () => import('./features/posts/preview-route.js'),
            },
            { id: 'post', path: ':slug', lazy: () => import('./features/posts/post-route.js') },
          ],
        },
        {
          id: 'not-found',
          path: '*',
          lazy: () => import('./features/not-found/not-found-route.js'),
        },
      ],
    },
  ];
}
