import { Type, type Static } from 'typebox';

/** One served file of an image: a width of it in one format, at a content-addressed URL. */
export const ImageFile = Type.Object({
  url: Type.String({
    description: 'Path under /images/, cached forever: it changes with the image',
  }),
  type: Type.String({ description: 'MIME type: image/avif, image/webp, image/jpeg, image/png, …' }),
  width: Type.Integer({ minimum: 1 }),
  height: Type.Integer({ minimum: 1 }),
});
export type ImageFile = Static<typeof ImageFile>;

/**
 * The files an image is served as, made at import: AVIF, WebP and a JPEG (PNG with transparency)
 * fallback at a ladder of widths, or one file for SVG and GIF. `width` and `height` are the
 * image's own (after its EXIF orientation); `color` its dominant colour, shown while it loads.
 */
export const ImageVariants = Type.Object({
  width: Type.Integer({ minimum: 0 }),
  height: Type.Integer({ minimum: 0 }),
  color: Type.Union([Type.String({ pattern: '^#[0-9a-f]{6}$' }), Type.Null()]),
  files: Type.Array(ImageFile),
  share: Type.Union([ImageFile, Type.Null()], {
    description: '1200×630 JPEG for og:image and twitter:image; null for SVG and GIF',
  }),
});
export type ImageVariants = Static<typeof ImageVariants>;
