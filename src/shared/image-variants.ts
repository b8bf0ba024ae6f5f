import { imagePath } from './paths.js';
import type { ImageFile, ImageVariants } from './schemas/images.js';

/** Widths made of a raster image, never wider than the image itself. */
export const VARIANT_WIDTHS = [320, 480, 640, 960, 1280, 1920] as const;
/** The widest variant: enough for a full-width image on a large screen. */
export const MAX_VARIANT_WIDTH = 1920;
/** The size Open Graph and Twitter cards show best. */
export const SHARE_SIZE = { width: 1200, height: 630 } as const;

/** The fallback format an image is served in besides AVIF and WebP; SVG and GIF alone. */
export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'svg';

/** What the import records of an image: enough to name every file it made. */
export interface ImageRecord {
  /** The file name in the content's images/ folder. */
  name: string;
  /** Hash of the source bytes (and of the way variants are made): the URLs change with it. */
  hash: string;
  width: number;
  height: number;
  format: ImageFormat;
  /** Dominant colour, #rrggbb; null when the image has transparency or is a drawing. */
  color: string | null;
}

const TYPES: Record<string, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

const stem = (name: string) => name.replace(/\.[^.]+$/, '');

/** The widths made of a raster image `width` pixels wide. */
export function variantWidths(width: number): number[] {
  const top = Math.min(width, MAX_VARIANT_WIDTH);
  return [...VARIANT_WIDTHS.filter((w) => w < top), top];
}

/** Extensions of the files made at each width, best first. */
export function variantExtensions(format: ImageFormat): string[] {
  if (format === 'svg') return ['svg'];
  if (format === 'gif') return ['gif'];
  return ['avif', 'webp', format === 'png' ? 'png' : 'jpg'];
}

function file(record: ImageRecord, part: string, ext: string, width: number, height: number) {
  return {
    url: imagePath(`${stem(record.name)}.${record.hash}.${part}.${ext}`),
    type: TYPES[ext]!,
    width,
    height,
  };
}

/** Every file served of an image, best format first, narrowest first within a format. */
export function imageFiles(record: ImageRecord): ImageFile[] {
  const { width, height } = record;
  if (record.format === 'svg')
    return [
      {
        url: imagePath(`${stem(record.name)}.${record.hash}.svg`),
        type: TYPES.svg!,
        width: width || 1,
        height: height || 1,
      },
    ];
  const widths = record.format === 'gif' ? [width] : variantWidths(width);
  return variantExtensions(record.format).flatMap((ext) =>
    widths.map((w) =>
      file(record, String(w), ext, w, Math.max(1, Math.round((height * w) / width))),
    ),
  );
}

/** The 1200×630 file for link previews; none for SVG and GIF. */
export function shareFile(record: ImageRecord): ImageFile | null {
  if (record.format === 'svg' || record.format === 'gif') return null;
  return file(record, 'share', 'jpg', SHARE_SIZE.width, SHARE_SIZE.height);
}

/** The API's description of an image's files. */
export function imageVariants(record: ImageRecord): ImageVariants {
  return {
    width: record.width,
    height: record.height,
    color: record.color,
    files: imageFiles(record),
    share: shareFile(record),
  };
}

/** What a <picture> of an image holds: one <source> per modern format, and the <img>'s own. */
export interface PictureParts {
  sources: { type: string; srcset: string }[];
  img: { src: string; srcset?: string; width: number; height: number };
}

/**
 * The <source>s and <img> of a <picture>: AVIF and WebP as sources, the fallback format on the
 * <img> itself (its widest file as `src`), so every browser picks from the widths by `sizes`.
 */
export function pictureParts(variants: ImageVariants): PictureParts {
  const byType = new Map<string, ImageFile[]>();
  for (const file of variants.files)
    byType.set(file.type, [...(byType.get(file.type) ?? []), file]);
  const groups = [...byType.values()];
  const fallback = groups.pop()!;
  const srcset = (files: ImageFile[]) => files.map((f) => `${f.url} ${f.width}w`).join(', ');
  const widest = fallback[fallback.length - 1]!;
  return {
    sources: groups.map((files) => ({ type: files[0]!.type, srcset: srcset(files) })),
    img: {
      src: widest.url,
      ...(fallback.length > 1 || groups.length ? { srcset: srcset(fallback) } : {}),
      width: variants.width || widest.width,
      height: variants.height || widest.height,
    },
  };
}

const LEVELS = [0x33, 0x80, 0xcc];

/**
 * The class that paints an image's dominant colour behind it while it loads: the colour rounded
 * to one of 27 (src/web/components/ui/placeholders.css), since pages allow no style attribute.
 */
export function placeholderClass(color: string | null): string | undefined {
  if (!color) return undefined;
  const level = (at: number) => {
    const value = parseInt(color.slice(at, at + 2), 16);
    let best = 0;
    for (let i = 1; i < LEVELS.length; i++)
      if (Math.abs(LEVELS[i]! - value) < Math.abs(LEVELS[best]! - value)) best = i;
    return best;
  };
  return `ph-${level(1)}${level(3)}${level(5)}`;
}
