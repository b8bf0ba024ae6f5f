import { followInApp } from '../../navigation/follow-in-app.js';

/**
 * Markup the server rendered for the page (the owner's parts, data/owner-parts.ts), shown as it
 * came: hydration keeps it, and no component of it is in the browser's scripts. Its links to the
 * site's pages (marked `data-in-app`) are followed in the app like a `Link`. Nothing when empty.
 */
export function ServerMarkup({
  html,
  className,
}: {
  html: string | undefined;
  className?: string;
}) {
  return html ? (
    <div className={className} onClick={followInApp} dangerouslySetInnerHTML={{ __html: html }} />
  ) : null;
}
