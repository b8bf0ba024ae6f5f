import type { LinkKind } from '../../../shared/schemas/brand.js';
import { LINK_ICONS } from './link-icons.js';

/** The id of a kind's icon in the page's sprite (IconSprite, in the footer of every page). */
const iconId = (kind: LinkKind) => `icon-${kind}`;

/**
 * A link's icon: decoration beside the link's name, hidden from assistive technology. It draws
 * the page's own copy of the icon (IconSprite), so that each icon's path is written once in a
 * page however many lists show the link.
 */
export function LinkIcon({ kind }: { kind: LinkKind }) {
  return (
    <svg
      className="owner-links__icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <use href={`#${iconId(kind)}`} />
    </svg>
  );
}

/** The icons of `kinds`, inline, each once, for the page's LinkIcons to draw; nothing shown itself. */
export function IconSprite({ kinds }: { kinds: readonly LinkKind[] }) {
  if (kinds.length === 0) return null;
  return (
    <svg className="icon-sprite" aria-hidden="true" focusable="false">
      {[...new Set(kinds)].map((kind) => {
        const { path, draw } = LINK_ICONS[kind];
        return (
          <symbol key={kind} id={iconId(kind)} viewBox="0 0 24 24">
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
          </symbol>
        );
      })}
    </svg>
  );
}
