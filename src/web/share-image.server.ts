import type { DataSource } from '../shared/data-source.js';
import type { ImageFile } from '../shared/schemas/images.js';
import type { PageMeta, SiteMeta } from './head.js';

/** The site's link-preview card, drawn from its title and brand; undefined when it cannot be read. */
export async function siteCard(data: DataSource): Promise<ImageFile | undefined> {
  try {
    return (await data.site()).share_image;
  } catch {
    return undefined;
  }
}

/**
 * The page's meta with the site's card as its link-preview image when it names none of its own
 * (every page but a post's, the 404 and error pages too): every link to the site shows a picture.
 */
export function withSiteCard(
  meta: PageMeta,
  card: ImageFile | undefined,
  site: SiteMeta,
): PageMeta {
  if (meta.image || !card) return meta;
  return { ...meta, image: card.url, imageSize: card, imageAlt: site.title };
}
