import type { ImageVariants } from '../../shared/schemas/images.js';
import type { PublicSite } from '../../shared/schemas/site-config.js';
import type { ImageCatalog } from './image-catalog.js';

/** The public site config with the variants of its images (products, logo, photo), by file name. */
export async function withSiteImages(site: PublicSite, catalog: ImageCatalog): Promise<PublicSite> {
  const byName = await catalog.byName();
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
  return { ...site, images };
}
