import { isApiPath, pathOf } from '../../../shared/paths.js';
import type { NavigationEntry } from '../../../shared/schemas/brand.js';

/**
 * Whether `url` is a page of this site the app can show (followed without a page load), rather
 * than another site, a feed, an image or any other file (whose path ends in an extension).
 */
export function isAppPage(url: string): boolean {
  if (!url.startsWith('/') || url.startsWith('//')) return false;
  const path = pathOf(url).split('#')[0]!;
  return !isApiPath(path) && !path.startsWith('/images/') && !/\.[A-Za-z0-9]+$/.test(path);
}

/** The top bar's extra entries, after the specification's own; nothing without any. */
export function SiteNavigation({ entries }: { entries: readonly NavigationEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <nav aria-label="Site">
      <ul>
        {entries.map((entry, index) => (
          <li key={index}>
            {isAppPage(entry.url) ? (
              <a href={entry.url} data-in-app="">
                {entry.label}
              </a>
            ) : (
              <a href={entry.url} rel="noopener">
                {entry.label}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
