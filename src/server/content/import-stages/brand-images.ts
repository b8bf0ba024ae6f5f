import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ImageRecord } from '../../../shared/image-variants.js';
import { BrandFileStore } from '../../brand-images/brand-file-store.js';
import {
  BRAND_DIR,
  brandPlan,
  CARDS_DIR,
  drawIcons,
  drawSiteCard,
  type BrandPlan,
  type SourceOf,
} from '../../brand-images/brand-plan.js';
import { iconProblem } from '../../brand-images/icon-check.js';
import { ContentFileError } from '../content-errors.js';
import { checkImage } from '../../images/image-files.js';
import type { PreparedImages } from '../../images/image-publication.js';
import { SITE_CONFIG_FILE } from '../site-config.js';
import type { ContentFolder } from './folder.js';

/** What the import drew of the brand before its transaction. */
export interface PreparedBrand {
  plan?: BrandPlan;
  /** Files this run wrote: removed again when the import does not commit. */
  written: string[];
  /** Drawings made (the icon's files count once, the site's card once); 0 when all were found. */
  drawn: number;
}

/** `brand.icon` of site.yaml: an image of images/ that is square and large enough, else a problem. */
function checkIcon(folder: ContentFolder, records: Map<string, ImageRecord>): void {
  const name = folder.site?.brand?.icon;
  if (!name) return;
  if (!folder.availableImages.has(name)) {
    folder.failures.push(
      new ContentFileError(join(folder.dir, SITE_CONFIG_FILE), [
        `brand.icon "${name}" is not in images/`,
      ]),
    );
    return;
  }
  const record = records.get(name);
  // An image that could not be published is reported by the images' stage already.
  const problem = record && iconProblem(record);
  if (problem) folder.failures.push(new ContentFileError(join('images', name), [problem]));
}

/** The content folder's images as the brand draws them: an SVG sanitized, a raster as it is. */
const folderSource =
  (folder: ContentFolder): SourceOf =>
  async (image) => {
    const path = join('images', image.name);
    const checked = checkImage(path, await readFile(join(folder.imagesDir, image.name)));
    return { bytes: checked.bytes, format: image.format, width: image.width, height: image.height };
  };

/**
 * Before the import's transaction: checks `brand.icon`, then draws what the brand's names say is
 * missing: the icon's files (favicon.ico, the manifest's and the touch icon's PNGs) and the site's
 * link-preview card. A site whose brand and images are unchanged draws nothing. The posts' cards
 * are drawn when first asked for, not here (brand-images.service.ts says why).
 */
export async function prepareBrandImages(
  folder: ContentFolder,
  images: PreparedImages,
  imagesDir: string,
): Promise<PreparedBrand> {
  if (!folder.site) return { written: [], drawn: 0 };
  const records = new Map(images.records.map((record) => [record.name, record]));
  checkIcon(folder, records);
  if (folder.failures.length) return { written: [], drawn: 0 };
  const plan = brandPlan(folder.site, (name) => records.get(name));
  const store = new BrandFileStore(imagesDir);
  const sourceOf = folderSource(folder);
  const written = [
    ...(await store.ensure(BRAND_DIR, Object.values(plan.icons), () => drawIcons(plan, sourceOf))),
    ...(await store.ensure(BRAND_DIR, [plan.siteCard], () => drawSiteCard(plan, sourceOf))),
  ];
  return { plan, written, drawn: store.drawn };
}

/**
 * After the commit: the brand files of another look removed, and the posts' cards drawn for
 * another brand (each brand's cards have a folder of their own).
 */
export async function settleBrandImages(imagesDir: string, brand: PreparedBrand): Promise<void> {
  const { plan } = brand;
  if (!plan) return;
  const store = new BrandFileStore(imagesDir);
  const keep = new Set([...Object.values(plan.icons), plan.siteCard]);
  await store.removeExcept(BRAND_DIR, (name) => keep.has(name));
  await store.removeExcept(CARDS_DIR, (name) => name === plan.cardKey);
}
