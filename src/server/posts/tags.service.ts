import type { TagRef, TagSummary } from '../../shared/schemas/tags.js';
import { notFound } from '../http/errors.js';
import { ContentMemo } from './content-memo.js';
import type { FeedItem } from './posts.repository.js';
import type { Tag, TagsRepository } from './tags.repository.js';

/** A tag that visible posts carry, with its id and how many carry it. */
export type ListedTag = Tag & { post_count: number };

/** What the API, the pages and the feeds ask of tags. */
export class TagsService {
  /** Every tag of a visible post with its count (a scan of all links), until the content changes. */
  private readonly listed = new ContentMemo<0, ListedTag[]>();

  constructor(private readonly repository: TagsRepository) {}

  /** Drops what was computed from the previous content; called when the content version moves. */
  contentChanged(): void {
    this.listed.clear();
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

  /** The cards with their posts' tags, in each post's order (one query for all of them). */
  async withTags<T extends { id: number }>(cards: T[]): Promise<Array<T & { tags: TagRef[] }>> {
    if (cards.length === 0) return [];
    const tags = await this.repository.ofPosts(cards.map((card) => card.id));
    return cards.map((card) => ({
      ...card,
      tags: (tags.get(card.id) ?? []).map(({ slug, name }) => ({ slug, name })),
    }));
  }
}
