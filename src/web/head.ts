import type { UIMatch } from 'react-router';
import type { PublicSite } from '../shared/schemas/site-config.js';
import type { HtmlInPage } from './data/html-in-page.js';
import type { StructuredData } from '../shared/structured-data.js';

export type SiteMeta = PublicSite['site'];

/** What a page says about itself in <head>. */
export interface PageMeta {
  title: string;
  description?: string;
  /** The link preview's image: a PNG or JPEG path on this site (social networks render no SVG). */
  image?: string;
  /** The image's size, for link previews that lay out before they load it. */
  imageSize?: { width: number; height: number };
  /** What the image shows, for readers of a link preview who cannot see it. */
  imageAlt?: string;
  type?: 'website' | 'article' | 'profile';
  noindex?: boolean;
  /** False: the page declares no address of its own (no canonical link, no og:url), as an error page. */
  canonical?: boolean;
  /** schema.org objects of the page, written as JSON-LD; the server entry fills them (page-structured-data.ts). */
  structuredData?: readonly StructuredData[];
}

/** A route's `handle.meta`: its page's title and description from its loader data. */
export type MetaFunction = (data: unknown, site: SiteMeta) => PageMeta;

export interface RouteHandle {
  meta?: MetaFunction;
  /** Loader data the page shows as raw HTML, sent once: in the page, not in the hydration data. */
  htmlInPage?: HtmlInPage;
}

/**
 * The handle of a route whose meta reads its own loader's data, typed by that loader. The router
 * keeps every route's data as unknown; this is the one place that names its type.
 */
export function routeHandle<Loader extends (...args: never[]) => unknown>(
  meta: (data: Awaited<ReturnType<Loader>>, site: SiteMeta) => PageMeta,
): RouteHandle {
  return { meta: meta as MetaFunction };
}

/** The meta of the deepest matched route that has one; a 404 or error page when the render failed. */
export function pageMeta(matches: UIMatch[], site: SiteMeta, status: number): PageMeta {
  // An error answers at the address asked for, which is no page's: it names no canonical one.
  if (status === 404)
    return { title: `Page not found · ${site.title}`, noindex: true, canonical: false };
  if (status >= 400) return { title: `Error · ${site.title}`, noindex: true, canonical: false };
  for (const match of [...matches].reverse()) {
    const meta = (match.handle as RouteHandle | undefined)?.meta;
    if (meta) return meta(match.loaderData, site);
  }
  return { title: site.title, description: site.description };
}
