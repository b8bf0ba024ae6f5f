import type { PublicSite } from '../../shared/schemas/site-config.js';
import type { AppContext } from '../app-context.js';
import { HttpError } from '../http/errors.js';

/** The site config as browsers may see it: the imported config minus categories, plus switches. */
export function publicSite(ctx: AppContext): PublicSite {
  const site = ctx.contentState.state.site;
  if (!site) throw new HttpError(503, 'no_content', 'No content has been imported yet');
  const url = ctx.config.publicUrl ?? site.site.url;
  return {
    site: { ...site.site, url },
    landing: site.landing,
    portfolio: site.portfolio,
    ...(site.brand ? { brand: site.brand } : {}),
    ...(site.links ? { links: site.links } : {}),
    ...(site.navigation ? { navigation: site.navigation } : {}),
    contact_enabled: ctx.config.contactEnabled,
  };
}
