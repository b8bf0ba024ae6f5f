import type { SiteConfig } from '../../shared/schemas/site-config.js';
import { styleHash } from '../http/security-headers.js';
import { brandCss } from './brand-css.js';
import { servedFont } from './served-fonts.js';

/** What every page of the site carries of the owner's look, from the imported brand. */
export interface SiteLook {
  /** Head elements that follow the app's stylesheet: the font's preload, the brand's `<style>`. */
  head: string;
  /** CSP hashes of every stylesheet a page inlines: the app's, then the brand's. */
  styleHashes: readonly string[];
}

/**
 * The look of the content state being served, made again only when the state or the app's
 * stylesheet changes, so that an import moves every page to the new brand with no restart and
 * the answers in between reuse one look (and one set of headers: security-headers.ts).
 */
export class SiteLooks {
  private appStyleHashes: readonly string[] = [];
  private made: { site: SiteConfig | null; app: readonly string[]; look: SiteLook } | undefined;

  /** The CSP hashes of the app's inlined stylesheet (the web mount's PageTemplate). */
  useAppStyleHashes(hashes: readonly string[]): void {
    this.appStyleHashes = hashes;
  }

  of(site: SiteConfig | null): SiteLook {
    const made = this.made;
    if (made && made.site === site && made.app === this.appStyleHashes) return made.look;
    const look = siteLook(site, this.appStyleHashes);
    this.made = { site, app: this.appStyleHashes, look };
    return look;
  }
}

/**
 * The served font's upright Latin file is preloaded: the first paint's text needs it, and the
 * stylesheet alone would have it asked for only once the page is laid out. Other scripts and
 * italics are fetched when a page uses them.
 */
function siteLook(site: SiteConfig | null, appStyleHashes: readonly string[]): SiteLook {
  const css = brandCss(site?.brand);
  if (!css) return { head: '', styleHashes: appStyleHashes };
  const font = servedFont(site?.brand?.font);
  const preload = font
    ? `<link rel="preload" href="${font.preload}" as="font" type="font/woff2" crossorigin>`
    : '';
  return {
    head: `${preload}<style>${css}</style>`,
    styleHashes: [...appStyleHashes, styleHash(css)],
  };
}
