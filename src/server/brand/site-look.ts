import type { SiteConfig } from '../../shared/schemas/site-config.js';
import { styleHash } from '../http/security-headers.js';
import { brandCss } from './brand-css.js';

/** What every page of the site carries of the owner's look, from the imported brand. */
export interface SiteLook {
  /** Head elements that follow the app's stylesheet: the brand's own `<style>`. Empty without one. */
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

function siteLook(site: SiteConfig | null, appStyleHashes: readonly string[]): SiteLook {
  const css = brandCss(site?.brand);
  if (!css) return { head: '', styleHashes: appStyleHashes };
  return { head: `<style>${css}</style>`, styleHashes: [...appStyleHashes, styleHash(css)] };
}
