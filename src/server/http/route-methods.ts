import { isApiPath } from '../../shared/paths.js';

interface Route {
  pattern: RegExp;
  api: boolean;
  methods: readonly string[];
}

/** A route URL (`/api/post/:slug`, `/feeds/:slug.xml`, `/images/*`) as a regular expression. */
function patternOf(url: string): RegExp {
  const source = url
    .split(/(:[A-Za-z0-9_]+|\*)/)
    .map((part) => {
      if (part === '*') return '.*';
      if (part.startsWith(':')) return '[^/]+?';
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/**
 * The methods the registered routes answer on a path, so that a known path asked with another
 * method is a 405 with `Allow` rather than a 404. Only read when no route matched.
 */
export class RouteMethods {
  private readonly routes: Route[] = [];

  add(methods: string | readonly string[], url: string): void {
    this.routes.push({
      pattern: patternOf(url),
      api: isApiPath(url),
      methods: typeof methods === 'string' ? [methods] : methods,
    });
  }

  /** Sorted, with HEAD wherever GET is; empty when no route has this path. */
  allowedOn(path: string): string[] {
    const allowed = new Set<string>();
    // The pages' catch-all sends /api/ paths on to "not found": only API routes count there.
    const api = isApiPath(path);
    for (const route of this.routes) {
      if ((api && !route.api) || !route.pattern.test(path)) continue;
      for (const method of route.methods) allowed.add(method);
    }
    if (allowed.has('GET')) allowed.add('HEAD');
    return [...allowed].sort();
  }
}
