import type { AppContext } from '../../app-context.js';
import { publicSite } from '../../ssr/public-site.js';
import { withoutTrailingSlashes } from '../../../shared/paths.js';

/** The site's origin as feeds and the sitemap link it: no trailing slash. */
export const siteOrigin = (ctx: AppContext) => withoutTrailingSlashes(publicSite(ctx).site.url);
