import type { ImageVariants } from '../../shared/schemas/images.js';
import type { PublicSite } from '../../shared/schemas/site-config.js';
import type { AppContext } from '../app-context.js';

/**
 * The public site config with the variants of its images (products, logo, photo), by file name,
 * and the site's link-preview card.
 */
export async function withSiteImages(
  site: PublicSite,
  ctx: Pick<AppContext, 'images' | 'brand'>,
): Promise<PublicSite> {
  const byName = await ctx.images.byName();
  const images: Record<string, ImageVariants> = {};
  const names = [
    ...(site.portfolio.products ?? []).map((product) => product.image),
    site.brand?.logo,
    site.brand?.photo,
  ];
  for (const name of names) {
    const variants = name === undefined ? undefined : byName.get(name);
    if (name !== undefined && variants) images[name] = variants;
  }
  const share = await ctx.brand.siteCard();
  return { ...site, images, ...(share ? { share_image: share } : {}) };
}
