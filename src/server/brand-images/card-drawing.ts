import sharp from 'sharp';
import type { BrandLook } from './brand-look.js';
import { cardSvg, type CardText } from './card-template.js';
import { rasterAt, type SourceImage } from './source-image.js';

/**
 * A link-preview card as a 1200×630 PNG (social networks render no SVG): the template drawn by
 * librsvg and, when the site has a logo, the logo laid into its box. About 20 ms of one core
 * (docs/performance.md, "Brand images").
 */
export async function drawCard(
  text: CardText,
  look: BrandLook,
  logo?: SourceImage,
): Promise<Buffer> {
  const drawing = cardSvg(text, look, logo);
  const card = sharp(Buffer.from(drawing.svg));
  if (logo && drawing.logo) {
    const { left, top, width, height } = drawing.logo;
    const pixels = await rasterAt(logo, width, height).png().toBuffer();
    card.composite([{ input: pixels, left, top }]);
  }
  return card.png().toBuffer();
}
