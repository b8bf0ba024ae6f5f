import type { ContentRepository, PostRow } from '../content.repository.js';
import type { ImageSizes } from '../../images/image-files.js';
import { sizeImages } from '../../images/image-sizes.js';
import type { ParsedPost } from '../post-file.js';
import type { PostTagsRepository, TaggedPost } from '../post-tags.repository.js';
import { POST_HEAP_BYTES } from './parse.js';
import type { BulkWrite } from './target.js';
import { ChangeCollector } from './card-changes.js';
import { getHeapStatistics } from 'node:v8';

/** Rows written per batch inside the import's transaction. */
export const WRITE_BATCH = 400;

/**
 * A batch within a sixty-fourth of the heap (as `loadAhead`): its rows and the statement's copy of
 * them are held together, so `npm start`'s 64 MB heap writes about 20 at a time.
 */
export function writeBatch(heapLimit = getHeapStatistics().heap_size_limit): number {
  return Math.max(16, Math.min(WRITE_BATCH, Math.floor(heapLimit / 64 / POST_HEAP_BYTES)));
}

/**
 * Collects the posts to write and writes them a batch at a time, with their tags, so that
 * memory stays flat however large the folder is.
 */
export class PostWriter {
  private rows: PostRow[] = [];
  private tags: TaggedPost[] = [];
  private written = 0;
  /** What the posts written changed, for the servers' caches (cache/content-change.ts). */
  readonly changes = new ChangeCollector();

  /** `refused`: true once the import will be rolled back, when writing more is wasted. */
  constructor(
    private readonly posts: Pick<ContentRepository, 'upsertPosts' | 'storedCards' | 'tagNames'>,
    private readonly tagLinks: Pick<PostTagsRepository, 'replaceLinks'>,
    private readonly bulk: Pick<BulkWrite, 'beforeBatch'>,
    private readonly now: string,
    private readonly refused: () => boolean,
    private readonly batch = writeBatch(),
  ) {}

  add(row: PostRow, tagged: TaggedPost): void {
    this.rows.push(row);
    this.tags.push(tagged);
  }

  async flushIfFull(): Promise<void> {
    if (this.rows.length >= this.batch) await this.flush();
  }

  /** Notes what each post of this batch changes, against the card and tags the store holds. */
  private async noteChanges(): Promise<void> {
    // A large import that touched every list records no change: its reads would be wasted.
    if (!this.changes.listing) return;
    const stored = await this.posts.storedCards(this.rows.map((row) => row.slug));
    const tags = new Set(this.tags.flatMap((post) => post.tags.map((tag) => tag.slug)));
    const names = await this.posts.tagNames([...tags]);
    this.rows.forEach((row, i) => {
      const { tags } = this.tags[i]!;
      this.changes.wrote(row.slug, row, tags, stored.get(row.slug));
      this.changes.named(tags, names);
    });
  }

  async flush(): Promise<void> {
    if (!this.refused() && this.rows.length) {
      this.written += this.rows.length;
      await this.bulk.beforeBatch(this.written);
      await this.noteChanges();
      await this.posts.upsertPosts(this.rows, this.now);
      await this.tagLinks.replaceLinks(this.tags);
    }
    this.rows = [];
    this.tags = [];
  }
}

/** A parsed post as its row: category by id, images given their stored sizes. */
export function toRow(
  post: ParsedPost,
  path: string,
  hash: string,
  categoryIds: Map<string, number>,
  imageSizes: ImageSizes,
): PostRow {
  return {
    slug: post.slug,
    title: post.title,
    category_id: categoryIds.get(post.categorySlug)!,
    summary: post.summary,
    image: post.image,
    content_html: sizeImages(post.html, imageSizes),
    body_text: post.text,
    word_count: post.wordCount,
    reading_minutes: post.readingMinutes,
    toc_json: JSON.stringify(post.toc),
    published_at: post.publishedAt,
    draft: post.draft ? 1 : 0,
    modified_at: post.updatedAt,
    image_alt: post.imageAlt,
    source_path: path,
    source_hash: hash,
  };
}
