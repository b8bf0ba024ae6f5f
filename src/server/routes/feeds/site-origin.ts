import type { AppContext } from '../../app-context.js';
import { publicSite } from '../../ssr/public-site.js';

/** The site's origin as feeds and the sitemap link it: no trailing slash. */
export const siteOrigin = (ctx: AppContext) => publicSite(ctx).site.url.replace(/\/+$/, '');
