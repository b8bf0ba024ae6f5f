import { keptAfter, type ContentChange } from './content-change.js';
import type { ServerCaches } from './server-caches.js';

/** What else holds what it derived from the content: the posts service (lists, counts, images). */
export interface ContentDerived {
  contentChanged(change?: ContentChange): void;
}

/**
 * Drops what a move of the content makes stale. With the change an import recorded (posts
 * alone, content-change.ts), the cached answers that show none of it stay; without one (a
 * restore, a change of the site config, images or slugs, a version seen for the first time, a
 * scheduled post going live), every cached answer goes.
 */
export function dropStale(
  caches: Pick<ServerCaches, 'responses' | 'pages'>,
  derived: ContentDerived,
  change: ContentChange | null,
): void {
  if (change) {
    derived.contentChanged(change);
    const kept = keptAfter(change);
    caches.responses.retainOnly((entry) => kept(entry.shows));
    caches.pages.retainOnly((entry) => kept(entry.shows));
  } else {
    derived.contentChanged();
    caches.responses.clear();
    caches.pages.clear();
  }
}
