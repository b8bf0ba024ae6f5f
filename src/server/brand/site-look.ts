import type { SiteConfig } from '../../shared/schemas/site-config.js';
import { lookPath } from '../../shared/paths.js';
import { SERVED_FONT_META } from '../../shared/route-modules-meta.js';
import { styleHash } from '../http/security-headers.js';
import { brandCss } from './brand-css.js';
import { servedFont } from './served-fonts.js';
import { themeHash } from './theme-stylesheet.js';

/** What every page of the site carries of the owner's look, from the imported brand and theme.css. */
export interface SiteLook {
  /**
   * Head elements that follow the app's stylesheet in the app's pages: the brand's `<style>`,
   * then theme.css's link, so that the owner's rules come last, and the served font's
   * stylesheet, whose faces the boot script applies after the first paint (linked in a
   * `<noscript>` for a browser without scripts). Empty without any.
   */
  head: string;
  /** The same for a page without the boot script (an error, a form's answer): the font linked. */
  scriptlessHead: string;
  /** CSP hashes of every stylesheet a page inlines: the app's, then the brand's. */
  styleHashes: readonly string[];
  /** theme.css and the hash it is served under; absent without one. */
  theme?: { hash: string; css: string };
}

/** What the look is made from: the imported site config and theme.css. */
export interface LookSource {
  site: SiteConfig | null;
  themeCss: string | null;
}

/**
 * The look of the content state being served, made again only when the state or the app's
 * stylesheet changes, so that an import moves every page to the new brand with no restart and
 * the answers in between reuse one look (and one set of headers: security-headers.ts).
 */
export class SiteLooks {
  private appStyleHashes: readonly string[] = [];
  private made: (LookSource & { app: readonly string[]; look: SiteLook }) | undefined;

  /** The CSP hashes of the app's inlined stylesheet (the web mount's PageTemplate). */
  useAppStyleHashes(hashes: readonly string[]): void {
    this.appStyleHashes = hashes;
  }

  of(source: LookSource): SiteLook {
    const made = this.made;
    if (
      made &&
      made.site === source.site &&
      made.themeCss === source.themeCss &&
      made.app === this.appStyleHashes
    )
      return made.look;
    const look = siteLook(source, this.appStyleHashes);
    this.made = { site: source.site, themeCss: source.themeCss, app: this.appStyleHashes, look };
    return look;
  }
}

/**
 * The served font's faces are applied after the first paint: fetched before it, as a preload or
 * as the text's font, Lighthouse's simulated first paint and largest paint count their bytes
 * (≈ 50 KB a file on its slow 4G), as they would count the app's code (decision 005). The text
 * paints in the fallback sized to the font's metrics (brand-css.ts), and takes the same room when
 * the font swaps in. A page without scripts links the faces in a `<noscript>`.
 */
function siteLook({ site, themeCss }: LookSource, appStyleHashes: readonly string[]): SiteLook {
  const css = brandCss(site?.brand);
  const font = servedFont(site?.brand?.font);
  const theme = themeCss === null ? undefined : { hash: themeHash(themeCss), css: themeCss };
  const look = [
    css ? `<style>${css}</style>` : '',
    theme ? `<link rel="stylesheet" href="${lookPath.theme(theme.hash)}">` : '',
  ].join('');
  const fontLink = font ? `<link rel="stylesheet" href="${font.stylesheet.href}">` : '';
  const afterPaint = font
    ? `<meta name="${SERVED_FONT_META}" content="${font.stylesheet.href}"><noscript>${fontLink}</noscript>`
    : '';
  return {
    head: look + afterPaint,
    scriptlessHead: look + fontLink,
    styleHashes: css ? [...appStyleHashes, styleHash(css)] : appStyleHashes,
    ...(theme ? { theme } : {}),
  };
}
