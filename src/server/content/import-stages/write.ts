import type { ContentRepository, PostRow } from '../content.repository.js';
import type { ImageSizes } from '../image-files.js';
import { sizeImages } from '../image-sizes.js';
import type { ParsedPost } from '../post-file.js';
import type { PostTagsRepository, TaggedPost } from '../post-tags.repository.js';
import { POST_HEAP_BYTES } from './parse.js';
import type { BulkWrite } from './target.js';
import { cardKey } from './card-changes.js';
import { getHeapStatistics } from 'node:v8';

/**
 * A text-only import lists its posts' slugs for the servers when it edited at most this many
 * (content-state.ts): ≈ 30 KB in the content state's row at most.
 */
export const TEXT_EDITS_LISTED = 1000;

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
  private cardsMoved = false;
  private readonly edited: string[] = [];

  /** `refused`: true once the import will be rolled back, when writing more is wasted. */
  constructor(
    private readonly posts: Pick<ContentRepository, 'upsertPosts' | 'cardKeys'>,
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

  /**
   * True when every post written so far is one the store held, changed in its text alone: its
   * card, links and tags are as they were (card-changes.ts).
   */
  get textsOnly(): boolean {
    return !this.cardsMoved;
  }

  /** With `textsOnly`, the slugs of the posts written, when at most TEXT_EDITS_LISTED; else null. */
  get textEditedSlugs(): readonly string[] | null {
    return this.textsOnly && this.edited.length <= TEXT_EDITS_LISTED ? this.edited : null;
  }

  /** Whether this batch adds a post or changes what one shows beyond its own page. */
  private async changesCards(): Promise<boolean> {
    const stored = await this.posts.cardKeys(this.rows.map((row) => row.slug));
    return this.rows.some((row, i) => stored.get(row.slug) !== cardKey(row, this.tags[i]!.tags));
  }

  async flush(): Promise<void> {
    if (!this.refused() && this.rows.length) {
      this.written += this.rows.length;
      await this.bulk.beforeBatch(this.written);
      if (!this.cardsMoved) this.cardsMoved = await this.changesCards();
      if (!this.cardsMoved && this.edited.length <= TEXT_EDITS_LISTED)
        for (const row of this.rows) this.edited.push(row.slug);
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
