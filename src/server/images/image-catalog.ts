import { imageVariants, type ImageRecord } from '../../shared/image-variants.js';
import { IMAGES_PREFIX } from '../../shared/paths.js';
import type { ImageVariants } from '../../shared/schemas/images.js';
import { ImagesRepository } from './images.repository.js';
import { ContentMemo } from '../posts/content-memo.js';
import { picturesIn } from './pictures-in-html.js';

export type VariantsByName = ReadonlyMap<string, ImageVariants>;
export type RecordsByName = ReadonlyMap<string, ImageRecord>;

/** How a post body written by the import shows a local image, before it becomes a <picture>. */
const LOCAL_IMAGE = `<img src="${IMAGES_PREFIX}`;

/**
 * The published images by file name, read once per content version (an import that changes an
 * image moves the version). Gives cards and posts their variants and post bodies their <picture>s.
 */
export class ImageCatalog {
  private readonly memo = new ContentMemo<0, VariantsByName>();
  private readonly recordsMemo = new ContentMemo<0, RecordsByName>();

  constructor(private readonly repository: ImagesRepository) {}

  contentChanged(): void {
    this.memo.clear();
    this.recordsMemo.clear();
  }

  /** What the import recorded of each image: its hash and size (what the brand draws from). */
  records(): Promise<RecordsByName> {
    return this.recordsMemo.get(0, async () => {
      const records = await this.repository.all();
      return new Map(records.map((record) => [record.name, record]));
    });
  }

  byName(): Promise<VariantsByName> {
    return this.memo.get(0, async () => {
      const records = await this.records();
      return new Map([...records].map(([name, record]) => [name, imageVariants(record)]));
    });
  }

  /**
   * The items with the variants of their `image` (null when it was never published), given in
   * place: the items are an answer's own, made for it (posts-with-images.ts).
   */
  async withVariants<T extends { image: string }>(
    items: T[],
  ): Promise<(T & { image_variants: ImageVariants | null })[]> {
    const images = await this.byName();
    const decorated = items as (T & { image_variants: ImageVariants | null })[];
    for (const item of decorated) item.image_variants = images.get(item.image) ?? null;
    return decorated;
  }

  /** A post's body with its images as <picture>s of their variants. */
  async body(html: string): Promise<string> {
    if (!html.includes(LOCAL_IMAGE)) return html;
    return picturesIn(html, await this.byName());
  }
}
