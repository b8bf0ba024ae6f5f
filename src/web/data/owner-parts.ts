import { useRouteLoaderData } from 'react-router';
import type { PublicSite } from '../../shared/schemas/site-config.js';

/**
 * The owner's parts of the pages (logo, extra top-bar entries, links, author box, footer) as HTML
 * the server rendered from site.yaml (features/owner/owner-parts.server.tsx). The browser shows
 * them as they came: their components, icons and images never reach its JavaScript, so a brand
 * adds markup to the pages and nothing to the scripts.
 */
export interface OwnerParts {
  /** The top bar's logo: the brand's image, or a monogram of the author's initials. */
  mark: string;
  /**
   * The brand's image alone, or '' when site.yaml names none: the landing page and the résumé's
   * navigation show it, and keep their own look (the résumé's round initials) without one.
   */
  logo: string;
  /** The top bar's extra entries (site.yaml `navigation:`), or ''. */
  navigation: string;
  /** The owner's links (site.yaml `links:`), or ''. */
  links: string;
  /** Under each post: the author's photo, name, role and links. */
  authorBox: string;
  /**
   * Every page's footer: the links and the author's name, and the icons the page's lists of links
   * draw (each icon's path once in a page). Every page that shows links has it.
   */
  footer: string;
}

/**
 * A part's name, as the element that holds it in the page carries it in `data-part`
 * (components/ui/server-markup.tsx).
 */
export type OwnerPartName = keyof OwnerParts;

/**
 * The parts a page shows, left out of its hydration data (they are in its HTML) and read back
 * from its elements before hydrating (entry.client.tsx); the others travel for the pages the app
 * may move to.
 */
export function withoutPartsInPage(owner: Partial<OwnerParts>, html: string): Partial<OwnerParts> {
  const sent = { ...owner };
  for (const name of Object.keys(sent) as OwnerPartName[])
    if (sent[name] && html.includes(`data-part="${name}"`)) delete sent[name];
  return sent;
}

/** Adds to `owner` the parts the page shows, read back from its elements. */
export function readPartsInPage(owner: Partial<OwnerParts>, root: Element): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-part]'))
    owner[element.dataset.part as OwnerPartName] ??= element.innerHTML;
}

/** What renders the parts: handed to the loaders by the server entry, absent in the browser. */
export type OwnerPartsRenderer = (site: PublicSite) => OwnerParts;

/**
 * The parts of `site` for the root loader. The browser has no renderer: it hydrates the parts the
 * server sent, and its root loader runs only when the server's did not (no content yet).
 */
export function ownerParts(context: unknown, site: PublicSite): Partial<OwnerParts> {
  const render = (context as { ownerParts?: OwnerPartsRenderer } | undefined)?.ownerParts;
  return render ? render(site) : {};
}

/** The parts from any route; none when the root loader failed. */
export function useOwnerParts(): Partial<OwnerParts> {
  return useRouteLoaderData<{ owner?: Partial<OwnerParts> }>('root')?.owner ?? {};
}
