import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { followInApp } from '../../navigation/follow-in-app.js';

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path on this site, from its root (`pagePath` in src/shared/paths.ts). */
  to: string;
};

/**
 * A link to a page of this site: an anchor that the browser router follows without a page load
 * (follow-in-app.ts), and that works as a plain link before hydration or without JavaScript.
 * React Router's `Link` resolved its path, location and prefetch state on every render: on the
 * server ≈ 6 KB of allocations and ≈ 12 µs a link, ≈ 18 links on a post page that no cache holds
 * (docs/performance.md, "Cold post pages").
 */
export function Link({ to, onClick, ...rest }: LinkProps) {
  const follow = onClick
    ? (event: MouseEvent<HTMLAnchorElement>) => {
        onClick(event);
        followInApp(event);
      }
    : followInApp;
  return <a {...rest} href={to} onClick={follow} />;
}
