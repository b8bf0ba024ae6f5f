import type { Tag, TagsRepository } from './tags.repository.js';

/** Posts whose links are read per statement while the index is built, between other work. */
const POSTS_A_STEP = 10_000;

/**
 * Every post's tags, held as numbers: the tag ids of post `p` are `tagIds[starts[p] …
 * starts[p + 1])`, in the post's order. 100,000 posts with 2.4 tags each take ≈ 1.4 MB, and a
 * card's tags are then found without a query: the tags of a page of cards were a statement as
 * costly as the cards' own (docs/performance.md, "Cold list pages").
 */
export class PostTagsIndex {
  private constructor(
    private readonly starts: Uint32Array,
    private readonly tagIds: Uint32Array,
    private readonly tags: ReadonlyMap<number, Tag>,
  ) {}

  /**
   * Reads every link, a step of posts per statement with a turn of the event loop between
   * steps, so that requests are answered meanwhile. Undefined when the store changed under it
   * (more links than counted): the caller reads tags from the store until the next build.
   */
  static async build(
    repository: Pick<TagsRepository, 'allTags' | 'linkExtent' | 'linksBetween'>,
    postsAStep = POSTS_A_STEP,
  ): Promise<PostTagsIndex | undefined> {
    const tags = new Map((await repository.allTags()).map((tag) => [tag.id, tag]));
    const { links, lastPost } = await repository.linkExtent();
    const starts = new Uint32Array(lastPost + 2);
    const tagIds = new Uint32Array(links);
    let filled = 0;
    let post = 0;
    for (let after = 0; after < lastPost; after += postsAStep) {
      const rows = await repository.linksBetween(after, Math.min(after + postsAStep, lastPost));
      if (filled + rows.length > links) return undefined;
      for (const { post_id: postId, tag_id: tagId } of rows) {
        while (post < postId) starts[++post] = filled;
        tagIds[filled++] = tagId;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    while (post <= lastPost) starts[++post] = filled;
    return new PostTagsIndex(starts, tagIds, tags);
  }

  /** The tags of a post in its order; none for a post without tags or unknown to the index. */
  tagsOf(postId: number): Tag[] {
    if (!(postId > 0 && postId < this.starts.length - 1)) return [];
    const found: Tag[] = [];
    for (let i = this.starts[postId]!; i < this.starts[postId + 1]!; i++) {
      const tag = this.tags.get(this.tagIds[i]!);
      if (tag) found.push(tag);
    }
    return found;
  }
}
