import type { ImageVariants } from '../../shared/schemas/images.js';
import type { PublicSite } from '../../shared/schemas/site-config.js';
import type { ImageCatalog } from './image-catalog.js';

/** The public site config with the variants of its portfolio's images, by file name. */
export async function withSiteImages(site: PublicSite, catalog: ImageCatalog): Promise<PublicSite> {
  const byName = await catalog.byName();
  const images: Record<string, ImageVariants> = {};
  for (const product of site.portfolio.products ?? []) {
    const variants = byName.get(product.image);
    if (variants) images[product.image] = variants;
  }
  return { ...site, images };
}
