import sharp from 'sharp';
import { encode as encodeIco } from 'sharp-ico';
import type { BrandLook } from './brand-look.js';
import { svgText } from './svg-text.js';
import { rasterAt, type SourceImage } from './source-image.js';

/** The files of a site's icon, by what they are for. */
export const ICON_FILES = {
  /** /favicon.ico: browsers' tabs and bookmarks. */
  favicon: { suffix: 'ico', type: 'image/x-icon', size: 48 },
  /** The web app manifest's icons: the home screen and the app switcher. */
  icon192: { suffix: '192.png', type: 'image/png', size: 192 },
  icon512: { suffix: '512.png', type: 'image/png', size: 512 },
  /** An icon the platform may cut to its own shape: the drawing inside the central safe circle. */
  maskable: { suffix: 'maskable.png', type: 'image/png', size: 512 },
  /** /apple-touch-icon.png: iOS, which shows transparency as black, so on an opaque ground. */
  apple: { suffix: 'apple.png', type: 'image/png', size: 180 },
} as const;
export type IconFile = keyof typeof ICON_FILES;

/** The sizes favicon.ico holds: tabs (16), taskbars and retina tabs (32), desktop shortcuts (48). */
export const FAVICON_SIZES = [16, 32, 48] as const;

/** A maskable icon's drawing fits in its central circle of 80 % (the W3C's safe zone): 60 % wide. */
const MASKABLE_SCALE = 0.6;

/**
 * The monogram as a square drawing: the initials on the accent, with rounded corners or (for the
 * maskable and touch icons, which the platform shapes itself) to the edges.
 */
export function monogramSvg(
  look: BrandLook,
  options: { rounded: boolean; scale?: number },
): string {
  const scale = options.scale ?? 1;
  const size = ([...look.initials].length > 1 ? 230 : 300) * scale;
  const radius = options.rounded ? 112 : 0;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">',
    `<rect width="512" height="512" rx="${radius}" fill="${look.accent}"/>`,
    `<text x="256" y="256" text-anchor="middle" dominant-baseline="central" font-family="${svgText(look.fonts)}" font-size="${Math.round(size)}" font-weight="700" fill="${look.onAccent}">${svgText(look.initials)}</text>`,
    '</svg>',
  ].join('');
}

const png = (image: sharp.Sharp) => image.png().toBuffer();
const svgSource = (svg: string): SourceImage => ({
  bytes: Buffer.from(svg),
  format: 'svg',
  width: 512,
  height: 512,
});

/**
 * Every file of the icon: from the owner's square image, or else from the monogram. The touch
 * and maskable icons stand on an opaque ground (the page background behind an image of the
 * owner's, the accent behind the monogram).
 */
export async function drawIconSet(
  look: BrandLook,
  icon?: SourceImage,
): Promise<Record<IconFile, Buffer>> {
  const face = icon ?? svgSource(monogramSvg(look, { rounded: true }));
  const base = await png(rasterAt(face, 512, 512));
  const sized = (size: number) => png(sharp(base).resize(size, size));
  const ground = icon ? look.background : look.accent;
  const inset = Math.round(512 * MASKABLE_SCALE);
  const maskable = icon
    ? png(
        sharp({ create: { width: 512, height: 512, channels: 4, background: ground } }).composite([
          { input: await png(sharp(base).resize(inset, inset)), gravity: 'center' },
        ]),
      )
    : png(
        rasterAt(
          svgSource(monogramSvg(look, { rounded: false, scale: MASKABLE_SCALE / 0.8 })),
          512,
          512,
        ),
      );
  const apple = icon
    ? png(sharp(base).resize(180, 180).flatten({ background: ground }))
    : png(
        rasterAt(svgSource(monogramSvg(look, { rounded: false })), 180, 180).flatten({
          background: ground,
        }),
      );
  const favicon = encodeIco(await Promise.all(FAVICON_SIZES.map(sized)));
  return {
    favicon,
    icon192: await sized(192),
    icon512: base,
    maskable: await maskable,
    apple: await apple,
  };
}
