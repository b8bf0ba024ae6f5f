import type { MouseEvent } from 'react';

/** What a link needs of the browser router: React Router's `router.navigate`. */
type Navigate = (to: string, options: { replace: boolean }) => unknown;

let navigate: Navigate | undefined;

/** Set once by entry.client.tsx when the browser router exists; the server never sets it. */
export function followLinksWith(router: { navigate: Navigate }): void {
  navigate = (to, options) => router.navigate(to, options);
}

/**
 * A click on a `Link`: a plain left click on a link to a path of this site navigates in the app,
 * as React Router's own `Link` decides (its `shouldProcessLinkClick`); a modified click, another
 * button, a target or a download is the browser's. The same address again replaces the history
 * entry instead of adding one, as React Router does.
 */
export function followInApp(event: MouseEvent<HTMLAnchorElement>): void {
  if (!navigate || event.defaultPrevented) return;
  if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
    return;
  const anchor = event.currentTarget;
  const target = anchor.getAttribute('target');
  if ((target && target !== '_self') || anchor.hasAttribute('download')) return;
  const to = anchor.getAttribute('href');
  if (!to?.startsWith('/') || to.startsWith('//')) return;
  event.preventDefault();
  const { pathname, search, hash } = window.location;
  navigate(to, { replace: to === pathname + search + hash });
}
