import type { MouseEvent } from 'react';

/** What a link needs of the browser router: React Router's `router.navigate`. */
type Navigate = (to: string, options: { replace: boolean }) => unknown;

let navigate: Navigate | undefined;

/** Set once by entry.client.tsx when the browser router exists; the server never sets it. */
export function followLinksWith(router: { navigate: Navigate }): void {
  navigate = (to, options) => router.navigate(to, options);
}

/**
 * A click on a `Link`, or inside markup the server rendered (components/ui/server-markup.tsx) on
 * a link there marked `data-in-app` (a page of the site, not a feed or a file): a plain left
 * click on a link to a path of this site navigates in the app, as React Router's own `Link`
 * decides (its `shouldProcessLinkClick`); a modified click, another button, a target or a
 * download is the browser's. The same address again replaces the history entry instead of adding
 * one, as React Router does.
 */
export function followInApp(event: MouseEvent<HTMLElement>): void {
  const anchor = (event.target as Element).closest('a');
  if (!anchor || (anchor !== event.currentTarget && !anchor.hasAttribute('data-in-app'))) return;
  if (!navigate || event.defaultPrevented) return;
  if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
    return;
  const target = anchor.getAttribute('target');
  if ((target && target !== '_self') || anchor.hasAttribute('download')) return;
  const to = anchor.getAttribute('href');
  if (!to?.startsWith('/') || to.startsWith('//')) return;
  event.preventDefault();
  const { pathname, search, hash } = window.location;
  navigate(to, { replace: to === pathname + search + hash });
}
