import { shownLink } from '../../../shared/owner-links.js';
import type { OwnerLink } from '../../../shared/schemas/brand.js';
import { LinkIcon } from './link-icon.js';

/**
 * The owner's links, each an icon and the name it is announced by (its label, or the service's
 * name); a profile carries `rel="me"`. Nothing without links.
 */
export function OwnerLinkList({ links }: { links: readonly OwnerLink[] }) {
  if (links.length === 0) return null;
  return (
    <ul className="owner-links">
      {links.map(shownLink).map((link, index) => (
        <li key={index}>
          <a className="owner-links__link" href={link.url} rel={link.rel}>
            <LinkIcon kind={link.kind} />
            <span className="owner-links__name">{link.name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
