import type { SiteConfig } from '../../shared/schemas/site-config.js';
import { lookPath } from '../../shared/paths.js';
import { styleHash } from '../http/security-headers.js';
import { brandCss } from './brand-css.js';
import { servedFont } from './served-fonts.js';
import { themeHash } from './theme-stylesheet.js';

/** What every page of the site carries of the owner's look, from the imported brand and theme.css. */
export interface SiteLook {
  /**
   * Head elements that follow the app's stylesheet: the font's preload, the brand's `<style>`,
   * then theme.css's link, so that the owner's rules come last. Empty without any.
   */
  head: string;
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
 * The served font's upright Latin file is preloaded: the first paint's text needs it, and the
 * stylesheet alone would have it asked for only once the page is laid out. Other scripts and
 * italics are fetched when a page uses them.
 */
function siteLook({ site, themeCss }: LookSource, appStyleHashes: readonly string[]): SiteLook {
  const css = brandCss(site?.brand);
  const font = servedFont(site?.brand?.font);
  const theme = themeCss === null ? undefined : { hash: themeHash(themeCss), css: themeCss };
  const head = [
    font
      ? `<link rel="preload" href="${font.preload}" as="font" type="font/woff2" crossorigin>`
      : '',
    css ? `<style>${css}</style>` : '',
    theme ? `<link rel="stylesheet" href="${lookPath.theme(theme.hash)}">` : '',
  ].join('');
  return {
    head,
    styleHashes: css ? [...appStyleHashes, styleHash(css)] : appStyleHashes,
    ...(theme ? { theme } : {}),
  };
}
