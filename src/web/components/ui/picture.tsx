import { pictureParts, placeholderClass } from '../../../shared/image-variants.js';
import { imagePath } from '../../../shared/paths.js';
import type { ImageVariants } from '../../../shared/schemas/images.js';
import './placeholders.css';

export interface PictureProps {
  /** The file name in /images/, served as is when the image has no variants. */
  image: string;
  variants?: ImageVariants | null;
  alt: string;
  /** How wide the image is drawn at each screen width (src/shared/image-layout.ts). */
  sizes: string;
  /** Width and height to give an image without variants (its own are unknown). */
  fallbackSize?: { width: number; height: number };
  loading?: 'lazy' | 'eager';
  fetchPriority?: 'high';
  className?: string;
}

/**
 * An image as a <picture>: AVIF and WebP sources and a JPEG or PNG <img>, each at every width
 * made, for the browser to pick by `sizes` and the screen's density; the image's own width and
 * height (nothing moves as it loads) and its dominant colour behind it until then.
 */
export function Picture(props: PictureProps) {
  const { variants, alt, sizes, loading = 'lazy', fetchPriority } = props;
  if (!variants) {
    const size = props.fallbackSize ?? { width: 800, height: 450 };
    return (
      <img
        src={imagePath(props.image)}
        alt={alt}
        width={size.width}
        height={size.height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        className={props.className}
      />
    );
  }
  const { sources, img } = pictureParts(variants);
  const className =
    [props.className, placeholderClass(variants.color)].filter(Boolean).join(' ') || undefined;
  return (
    <picture className="picture">
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img
        src={img.src}
        srcSet={img.srcset}
        sizes={img.srcset ? sizes : undefined}
        alt={alt}
        width={img.width}
        height={img.height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
        className={className}
      />
    </picture>
  );
}
