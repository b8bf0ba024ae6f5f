import sharp, { type Sharp } from 'sharp';
import type { ImageFormat } from '../../shared/image-variants.js';
import { PIXEL_LIMIT } from '../images/image-variants.js';

/** An image of the content drawn into the brand's images (the icon, the logo): its bytes as published. */
export interface SourceImage {
  /** A raster image's own bytes, or an SVG's sanitized drawing. */
  bytes: Buffer;
  format: ImageFormat;
  width: number;
  height: number;
}

/** The most a drawing is scaled up for (sharp's limit on density is 100,000 dpi). */
const MAX_DENSITY = 100_000;

/**
 * The image as pixels `width` × `height`, contained in that box (transparent around it): upright,
 * in sRGB, an SVG drawn at that size rather than enlarged from its own, a GIF's first frame. No
 * metadata is kept (sharp writes none unless asked).
 */
export function rasterAt(source: SourceImage, width: number, height: number): Sharp {
  const density =
    source.format === 'svg' && source.width > 0
      ? Math.min(
          MAX_DENSITY,
          Math.max(1, 72 * Math.max(width / source.width, height / source.height)),
        )
      : undefined;
  return sharp(source.bytes, { limitInputPixels: PIXEL_LIMIT, ...(density ? { density } : {}) })
    .rotate()
    .resize(width, height, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .toColourspace('srgb');
}
