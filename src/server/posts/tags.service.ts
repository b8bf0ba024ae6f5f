import type { TagRef, TagSummary } from '../../shared/schemas/tags.js';
import { notFound } from '../http/errors.js';
import { ContentMemo } from './content-memo.js';
import { PostTagsIndex } from './post-tags-index.js';
import type { FeedItem } from './posts.repository.js';
import type { Tag, TagsRepository } from './tags.repository.js';

/** A tag that visible posts carry, with its id and how many carry it. */
export type ListedTag = Tag & { post_count: number };

/** What the API, the pages and the feeds ask of tags. */
export class TagsService {
  /** Every tag of a visible post with its count (a scan of all links), until the content changes. */
  private readonly listed = new ContentMemo<0, ListedTag[]>();
  /** Every post's tags in memory, once built for the current content (post-tags-index.ts). */
  private index: PostTagsIndex | undefined;
  private building = false;
  /** Moves with the content, so that a build of the content before is thrown away. */
  private generation = 0;

  constructor(private readonly repository: TagsRepository) {}

  /** Drops what was computed from the previous content; called when the content version moves. */
  contentChanged(): void {
    this.listed.clear();
    this.index = undefined;
    this.building = false;
    this.generation += 1;
  }

  /** The index when built; else starts building it, and the store answers meanwhile. */
  private builtIndex(): PostTagsIndex | undefined {
    if (!this.index && !this.building) {
      this.building = true;
      const generation = this.generation;
      // A build the store changed under (undefined) is tried again by the next request.
      const settle = (index: PostTagsIndex | undefined) => {
        if (generation !== this.generation) return;
        this.index = index;
        this.building = false;
      };
      PostTagsIndex.build(this.repository).then(settle, () => settle(undefined));
    }
    return this.index;
  }

  /** The tags of each of these posts, in each post's order; a post without tags is absent. */
  async ofPosts(postIds: readonly number[]): Promise<Map<number, Tag[]>> {
    const index = this.builtIndex();
    if (!index) return this.repository.ofPosts(postIds);
    const tags = new Map<number, Tag[]>();
    for (const id of postIds) {
      const of = index.tagsOf(id);
      if (of.length) tags.set(id, of);
    }
    return tags;
  }

  /** One post's tags in its order. */
  async ofPost(postId: number): Promise<Tag[]> {
    return this.builtIndex()?.tagsOf(postId) ?? this.repository.tagsOfPost(postId);
  }

  private all(): Promise<ListedTag[]> {
    return this.listed.get(0, () => this.repository.list());
  }

  /** Every tag that visible posts carry, most used first. */
  async list(): Promise<TagSummary[]> {
    return (await this.all()).map(({ slug, name, post_count }) => ({ slug, name, post_count }));
  }

  /** A tag by its slug; one that no visible post carries is not found. */
  async tag(slug: string): Promise<ListedTag> {
    const tag = (await this.all()).find((t) => t.slug === slug);
    if (!tag) throw notFound(`No tag "${slug}"`);
    return tag;
  }

  /** The newest visible posts of a tag with their HTML, for its feed. */
  feedItems(tagId: number, limit: number): Promise<FeedItem[]> {
    return this.repository.listFeedItems(tagId, limit);
  }

  /**
   * The cards with their posts' tags, in each post's order, given in place: the cards are rows
   * just read for this answer, and a copy of each (a dozen fields) cost more than finding its
   * tags.
   */
  async withTags<T extends { id: number }>(cards: T[]): Promise<Array<T & { tags: TagRef[] }>> {
    if (cards.length === 0) return [];
    const tags = await this.ofPosts(cards.map((card) => card.id));
    const tagged = cards as Array<T & { tags: TagRef[] }>;
    for (const card of tagged)
      card.tags = (tags.get(card.id) ?? []).map(({ slug, name }) => ({ slug, name }));
    return tagged;
  }
}
