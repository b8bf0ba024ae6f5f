import type { LinkKind } from '../../../shared/schemas/brand.js';
import { LINK_ICONS } from './link-icons.js';

/** A link's icon, inline: decoration beside the link's name, hidden from assistive technology. */
export function LinkIcon({ kind }: { kind: LinkKind }) {
  const { path, draw } = LINK_ICONS[kind];
  return (
    <svg
      className="owner-links__icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      {draw === 'stroke' ? (
        <path
          d={path}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ) : (
        <path d={path} fill="currentColor" fillRule={draw} />
      )}
    </svg>
  );
}
