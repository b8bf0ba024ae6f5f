import { useOwnerParts, type OwnerPartName } from '../../data/owner-parts.js';
import { followInApp } from '../../navigation/follow-in-app.js';

/**
 * One of the owner's parts the server rendered for the page (data/owner-parts.ts), shown as it
 * came: hydration keeps it, and no component of it is in the browser's scripts. Named by its part
 * (`data-part`), so that the browser reads it back from the page rather than from the
 * hydration data. Its links to the site's pages (marked `data-in-app`) are followed in the app
 * like a `Link`. Nothing when the site has none.
 */
export function ServerMarkup({ part, className }: { part: OwnerPartName; className?: string }) {
  const html = useOwnerParts()[part];
  return html ? (
    <div
      className={className}
      data-part={part}
      onClick={followInApp}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  ) : null;
}
