import { followInApp } from '../../navigation/follow-in-app.js';

/**
 * Markup the server rendered for the page (the owner's parts, data/owner-parts.ts), shown as it
 * came: hydration keeps it, and no component of it is in the browser's scripts. Its links to the
 * site's pages (marked `data-in-app`) are followed in the app like a `Link`. Nothing when empty.
 */
export function ServerMarkup({
  html,
  className,
  inline = false,
}: {
  html: string | undefined;
  className?: string;
  /** In a span, for phrasing content (inside a paragraph), rather than a div. */
  inline?: boolean;
}) {
  if (!html) return null;
  const Element = inline ? 'span' : 'div';
  return (
    <Element
      className={className}
      onClick={followInApp}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
