import type { SiteConfig } from '../../shared/schemas/site-config.js';
import { firstGraphemes } from '../../shared/initials.js';
import type { BrandLook } from './brand-look.js';

/** The icons a manifest names: their URLs (content-addressed, cached a year). */
export interface ManifestIcons {
  icon192: string;
  icon512: string;
  maskable: string;
}

/** How long a home screen's name may be before launchers cut it (Chrome's guidance). */
const SHORT_NAME_MAX = 12;

const fits = (text: string) => firstGraphemes(text, SHORT_NAME_MAX) === text;

/** The site's title when it fits under an icon, else its first word, else the title's start. */
export function shortName(title: string): string {
  if (fits(title)) return title;
  const first = title.split(/\s+/)[0]!;
  return fits(first) ? first : firstGraphemes(title, SHORT_NAME_MAX);
}

/**
 * The web app manifest (/manifest.webmanifest) of the site: its names, language and colours from
 * site.yaml and the brand, and the icons drawn from `brand.icon` or the monogram.
 */
export function webManifest(site: SiteConfig, look: BrandLook, icons: ManifestIcons) {
  return {
    id: '/',
    name: site.site.title,
    short_name: shortName(site.site.title),
    description: site.site.description,
    lang: site.site.language,
    start_url: '/',
    scope: '/',
    display: 'minimal-ui',
    theme_color: look.accent,
    background_color: look.background,
    icons: [
      { src: icons.icon192, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: icons.icon512, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: icons.maskable, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
