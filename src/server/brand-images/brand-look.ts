import type { FontFamily } from '../../shared/schemas/brand.js';
import type { SiteConfig } from '../../shared/schemas/site-config.js';
import { initials } from '../../shared/initials.js';
import { brandAccentTokens } from '../brand/accent.js';
import { BACKGROUNDS, DEFAULT_ACCENT_TOKENS } from '../brand/scheme-colors.js';

/** What the drawn images of a site (icons, link-preview cards) take from its brand. */
export interface BrandLook {
  /** The accent of the light scheme: the icon's ground, the cards' band and site name. */
  accent: string;
  /** Text drawn on the accent (the monogram's letters). */
  onAccent: string;
  /** The light page background: the cards' ground, the touch icon's and the manifest's. */
  background: string;
  text: string;
  muted: string;
  /** The font families librsvg is asked for, best first (see FONT_STACKS). */
  fonts: string;
  /** The owner's initials, for the monogram where there is no icon or logo. */
  initials: string;
}

/**
 * The families of the site's own web fonts when the machine has them installed, then the common
 * server fonts and the generic family, so that a card always has text: librsvg draws with the
 * machine's fonts (fontconfig), not with the site's served WOFF2 files.
 */
const FONT_STACKS: Record<FontFamily, string> = {
  system: "'DejaVu Sans', 'Liberation Sans', 'Noto Sans', Arial, sans-serif",
  sans: "Inter, 'DejaVu Sans', 'Liberation Sans', 'Noto Sans', Arial, sans-serif",
  humanist: "'Source Sans 3', 'DejaVu Sans', 'Liberation Sans', 'Noto Sans', sans-serif",
  serif: "'Source Serif 4', 'DejaVu Serif', 'Liberation Serif', 'Noto Serif', Georgia, serif",
  mono: "'JetBrains Mono', 'DejaVu Sans Mono', 'Liberation Mono', 'Noto Sans Mono', monospace",
};

/**
 * The look of a site's drawn images: the light scheme's, as the pages show it (the accent and the
 * text on it derived as for the stylesheet, src/server/brand/accent.ts; the demo's without one).
 */
export function brandLook(site: SiteConfig): BrandLook {
  const tokens = brandAccentTokens(site.brand?.accent)?.light ?? DEFAULT_ACCENT_TOKENS.light;
  return {
    accent: tokens.accent,
    onAccent: tokens['accent-contrast'],
    background: BACKGROUNDS.light.find((bg) => bg.token === 'bg')!.color,
    text: '#1d232b',
    muted: '#4f5a66',
    fonts: FONT_STACKS[site.brand?.font ?? 'system'],
    initials: initials(site.site.author).toLocaleUpperCase(site.site.language),
  };
}
