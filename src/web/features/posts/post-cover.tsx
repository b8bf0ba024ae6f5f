import { POST_IMAGE_SIZES } from '../../../shared/image-layout.js';
import type { ImageVariants } from '../../../shared/schemas/images.js';
import { Picture } from '../../components/ui/picture.js';

/** The cover image of a post, at the top of its page: the page's largest paint, fetched first. */
export function PostCover({
  image,
  variants,
  alt,
}: {
  image: string;
  variants?: ImageVariants | null;
  alt: string;
}) {
  return (
    <figure className="post-cover">
      <Picture
        image={image}
        variants={variants}
        sizes={POST_IMAGE_SIZES}
        alt={alt}
        loading="eager"
        fetchPriority="high"
      />
    </figure>
  );
}
