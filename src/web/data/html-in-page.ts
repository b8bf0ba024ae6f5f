/**
 * Loader data that a page shows as raw HTML (a post's body). The server's HTML already carries
 * it, so the hydration data leaves it out (`omit`) and the browser reads it back from the
 * server's DOM before hydrating (`restore`): a long post is sent once, not twice.
 */
export interface HtmlInPage {
  omit(data: unknown): unknown;
  restore(data: unknown, root: Element): unknown;
}

/** An `HtmlInPage` typed by the loader data it trims (`T`) and what it sends (`Sent`). */
export function htmlInPage<T, Sent>(parts: {
  omit(data: T): Sent;
  restore(data: Sent, root: Element): T;
}): HtmlInPage {
  return parts as HtmlInPage;
}
