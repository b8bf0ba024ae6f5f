import type { ImageRecord } from '../../shared/image-variants.js';

/** The smallest icon a raster image may be: the manifest's largest icon, drawn without enlarging. */
export const ICON_MIN_SIZE = 512;

/**
 * Why a published image cannot be the site's icon (`brand.icon`), or undefined when it can: an
 * icon is drawn into squares, so it must be square, and a raster one large enough for the
 * 512-pixel icon. A drawing (SVG) scales to any size but must say it is square.
 */
export function iconProblem(
  image: Pick<ImageRecord, 'format' | 'width' | 'height'>,
): string | undefined {
  const { width, height } = image;
  if (image.format === 'svg' && (!width || !height))
    return 'has no width and height nor viewBox, so it cannot be told square: brand.icon must be a square image';
  const size = `is ${width}×${height} pixels`;
  if (width !== height) return `${size}: brand.icon must be square, as wide as it is high`;
  if (image.format !== 'svg' && width < ICON_MIN_SIZE)
    return `${size}: brand.icon must be at least ${ICON_MIN_SIZE}×${ICON_MIN_SIZE} pixels (or an SVG)`;
  return undefined;
}
