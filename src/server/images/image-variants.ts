import sharp, { type Sharp } from 'sharp';
import {
  imageFiles,
  SHARE_SIZE,
  shareFile,
  MAX_VARIANT_WIDTH,
  type ImageRecord,
} from '../../shared/image-variants.js';
import { IMAGES_PREFIX } from '../../shared/paths.js';
import { ContentFileError } from '../content/content-errors.js';

/**
 * Images with more pixels are refused before they are decoded: a small file can claim a huge
 * picture (a decompression bomb) and take the importing machine's memory. 100 million pixels is
 * above any phone's photo.
 */
export const PIXEL_LIMIT = 100_000_000;

/**
 * How each served format is encoded; quality chosen by eye on photos at the card's size. AVIF at
 * effort 2: libaom's default (4) took 15 times as long for files 3 % smaller.
 */
const ENCODE: Record<string, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 72, effort: 4 }),
  jpg: (image) => image.jpeg({ quality: 76, mozjpeg: true }),
  png: (image) => image.png({ compressionLevel: 9, adaptiveFiltering: true }),
};

/** A raster image decoded once: turned upright, in sRGB, no wider than the widest variant. */
export interface DecodedImage {
  pixels: Buffer;
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
  /** The image's own size, upright. */
  width: number;
  height: number;
  opaque: boolean;
  color: string | null;
}

const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0');

/** A ContentFileError naming the file, from libvips' words for what is wrong with it. */
export function unreadable(path: string, kind: string, error: unknown): ContentFileError {
  const reason = (error as Error).message.split('\n')[0]!.replace(/^Input (file|buffer) /, '');
  return new ContentFileError(path, [`is not a readable ${kind} image (${reason})`]);
}

/** Refuses an image whose header claims more than PIXEL_LIMIT pixels, before decoding it. */
export function checkPixels(path: string, width: number, height: number): void {
  if (width * height > PIXEL_LIMIT)
    throw new ContentFileError(path, [
      `is ${width}×${height} pixels, more than the ${PIXEL_LIMIT / 1e6} million an image may have`,
    ]);
}

/**
 * Decodes a raster image once for all its variants. EXIF orientation is applied and the colour
 * converted to sRGB here; no metadata survives into the pixels.
 */
export async function decodeImage(
  bytes: Buffer,
  path: string,
  kind: string,
): Promise<DecodedImage> {
  try {
    const input = sharp(bytes, { limitInputPixels: PIXEL_LIMIT });
    const meta = await input.metadata();
    const upright = (meta.orientation ?? 1) >= 5;
    const width = (upright ? meta.height : meta.width) ?? 0;
    const height = (upright ? meta.width : meta.height) ?? 0;
    const { data, info } = await sharp(bytes, { limitInputPixels: PIXEL_LIMIT })
      .rotate()
      .resize({ width: MAX_VARIANT_WIDTH, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    const stats = await sharp(data, { raw }).resize({ width: 64 }).stats();
    const { r, g, b } = stats.dominant;
    return {
      pixels: data,
      raw,
      width,
      height,
      opaque: stats.isOpaque,
      color: stats.isOpaque ? `#${hex(r)}${hex(g)}${hex(b)}` : null,
    };
  } catch (error) {
    if (error instanceof ContentFileError) throw error;
    throw unreadable(path, kind, error);
  }
}

/** One file to make of a decoded image: its name under IMAGES_DIR and how to make its bytes. */
export interface VariantJob {
  file: string;
  make: () => Promise<Buffer>;
}

const fileName = (url: string) => url.slice(IMAGES_PREFIX.length);

/** The files of a decoded raster image, each a job: AVIF, WebP and the fallback at each width. */
export function variantJobs(record: ImageRecord, image: DecodedImage): VariantJob[] {
  // An alpha channel that is opaque everywhere is dropped: the fallback is then a JPEG.
  const from = () => {
    const pixels = sharp(image.pixels, { raw: image.raw });
    return image.opaque ? pixels.removeAlpha() : pixels;
  };
  const jobs = imageFiles(record).map((file) => {
    const ext = file.url.slice(file.url.lastIndexOf('.') + 1);
    return {
      file: fileName(file.url),
      make: () => ENCODE[ext]!(from().resize({ width: file.width })).toBuffer(),
    };
  });
  const share = shareFile(record);
  if (share)
    jobs.push({
      file: fileName(share.url),
      make: () =>
        from()
          .resize(SHARE_SIZE.width, SHARE_SIZE.height, { fit: 'cover', position: 'attention' })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 80, mozjpeg: true })
          .toBuffer(),
    });
  return jobs;
}

/** A GIF made again, every frame kept: comments and application data are left behind. */
export async function reencodeGif(
  bytes: Buffer,
  path: string,
): Promise<{ bytes: Buffer; width: number; height: number }> {
  try {
    const { data, info } = await sharp(bytes, { animated: true, limitInputPixels: PIXEL_LIMIT })
      .gif()
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.pageHeight ?? info.height };
  } catch (error) {
    throw unreadable(path, 'GIF', error);
  }
}
