import type { LinkKind } from '../../../shared/schemas/brand.js';
import { BRAND_ICONS } from './brand-icons.js';

/**
 * An icon on a 24×24 grid: one path, filled (`evenodd`: its inner shapes cut out of the outer),
 * or drawn as a line 2 units wide (`stroke`).
 */
export interface IconShape {
  path: string;
  draw?: 'evenodd' | 'stroke';
}

/**
 * Every kind's icon: the service's own mark where simple-icons has it (LinkedIn asked it to take
 * theirs down), else a plain figure drawn here: the letters "in", an envelope, a globe.
 */
export const LINK_ICONS: Record<LinkKind, IconShape> = {
  github: { path: BRAND_ICONS.github },
  gitlab: { path: BRAND_ICONS.gitlab },
  mastodon: { path: BRAND_ICONS.mastodon },
  bluesky: { path: BRAND_ICONS.bluesky },
  rss: { path: BRAND_ICONS.rss },
  linkedin: {
    draw: 'evenodd',
    path: 'M4 2h16a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zM5.5 7.2a1.7 1.7 0 1 0 3.4 0 1.7 1.7 0 1 0-3.4 0zM5.7 10h3v9h-3zM10.8 10h2.9v1.3c.6-1 1.6-1.5 2.9-1.5 2.2 0 3.4 1.4 3.4 4.1V19h-3v-4.5c0-1.3-.5-2-1.6-2s-1.7.8-1.7 2V19h-2.9z',
  },
  email: { path: 'M3 5h18v14H3zm0 1 9 7 9-7', draw: 'stroke' },
  website: {
    path: 'M12 3a9 9 0 1 0 0 18 9 9 0 1 0 0-18zM3 12h18M12 3c2.4 2.5 3.6 5.5 3.6 9s-1.2 6.5-3.6 9c-2.4-2.5-3.6-5.5-3.6-9S9.6 5.5 12 3z',
    draw: 'stroke',
  },
};
