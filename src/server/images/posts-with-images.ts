import type { ImageFile, ImageVariants } from '../../shared/schemas/images.js';
import type { BrandImages } from '../brand-images/brand-images.service.js';
import type { PostsService } from '../posts/posts.service.js';
import type { ImageCatalog } from './image-catalog.js';
import type { ContentChange } from '../cache/content-change.js';

type WithImage = { image: string; image_variants?: ImageVariants | null };

/** A list page ({data: cards}) or a post ({post}); anything else passes unchanged. */
async function withVariants(
  result: unknown,
  images: ImageCatalog,
  brand: BrandImages,
): Promise<unknown> {
  if (typeof result !== 'object' || result === null) return result;
  if ('data' in result && Array.isArray(result.data)) {
    await images.withVariants(result.data as WithImage[]);
    return result;
  }
  if ('post' in result && typeof result.post === 'object' && result.post) {
    const post = result.post as WithImage & {
      content: string;
      slug: string;
      title: string;
      share_image?: ImageFile;
    };
    await images.withVariants([post]);
    post.content = await images.body(post.content);
    // Social networks render no SVG (nor a GIF's frames): a photo cover is shared as its own
    // 1200×630 file, anything else as a card of the title.
    const share = post.image_variants?.share ?? (await brand.postCard(post));
    if (share) post.share_image = share;
  }
  return result;
}

/** The service methods whose answers carry cards or a post. */
const DECORATED = new Set(['postsPage', 'tagPage', 'post', 'search']);

/**
 * The posts service with images: every card and post it answers, to the API and to the pages
 * alike, carries the variants of its image, and a post's body its images as <picture>s. The
 * service makes each answer anew, so they are decorated in place. Kept
 * outside the service so that the service need not know how images are published; a content
 * change clears the catalog with the service's own memory.
 */
export function postsWithImages(
  posts: PostsService,
  images: ImageCatalog,
  brand: BrandImages,
): PostsService {
  return new Proxy(posts, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      // A change the import described leaves the images as they were (content-change.ts).
      if (property === 'contentChanged')
        return (change?: ContentChange) => {
          if (!change) images.contentChanged();
          return value.call(target, change);
        };
      if (typeof property === 'string' && DECORATED.has(property))
        return async (...args: unknown[]) =>
          withVariants(
            await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args),
            images,
            brand,
          );
      return value;
    },
  });
}
