import type { ImageVariants } from '../../../shared/schemas/images.js';
import type { PublicSite } from '../../../shared/schemas/site-config.js';

/** An image of the brand (logo, photo): its file name and the files it is served as. */
export interface OwnerImage {
  image: string;
  variants: ImageVariants | null;
}

/** The brand's image named `name`, with its variants when the import made them. */
export function ownerImage(site: PublicSite, name: string | undefined): OwnerImage | undefined {
  if (name === undefined) return undefined;
  return { image: name, variants: site.images?.[name] ?? null };
}
