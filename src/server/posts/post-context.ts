import type { PostWithRelated, RelatedPost } from '../../shared/schemas/api.js';
import { ContentMemo } from './content-memo.js';
import type { Candidate, PostContextRepository } from './post-context.repository.js';
import { rankedCandidate, rankRelated, type RankedCandidate } from './related-posts.js';
import type { Tag } from './tags.repository.js';
import type { TagsService } from './tags.service.js';
import { scope, type ShownContent } from '../cache/shown-content.js';

export const RELATED_POSTS = 5;
/** The newest posts of each tag and of the category that are ranked; older ones are not. */
const CANDIDATES_PER_LIST = 12;
/**
 * Tags whose candidates are kept (each ≈ 5 KB): a site's tags in use are a few hundred; a store
 * of thousands does not grow the heap past this.
 */
const TAGS_KEPT = 1000;

/** The post a page shows, as far as what surrounds it depends on it. */
export interface PostAt {
  id: number;
  name: string;
  summary: string;
  published_at: string;
  category: { id: number };
}

/**
 * What a post page shows around the post: its related posts (chosen by shared tags, the same
 * category and alike words among the newest posts of its tags and category: related-posts.ts),
 * and the posts before and after it in its category.
 */
export class PostContext {
  /**
   * The newest posts of each category and tag asked for, ready to rank (their tags and words):
   * a post page then reads no list to choose its related posts.
   */
  private readonly newestOfCategory = new ContentMemo<number, RankedCandidate[]>();
  /** By tag slug, as an import names the tags it changed. */
  private readonly newestOfTag = new ContentMemo<string, RankedCandidate[]>(TAGS_KEPT);

  constructor(
    private readonly repository: PostContextRepository,
    private readonly tags: Pick<TagsService, 'ofPosts'>,
    /** Fills a related list from elsewhere when too few posts share anything with the post. */
    private readonly newestOthers: (post: PostAt, limit: number) => Promise<RelatedPost[]>,
  ) {}

  contentChanged(): void {
    this.newestOfCategory.clear();
    this.newestOfTag.clear();
  }

  /** Drops the candidates of these categories and tags (by slug), whose posts' links changed. */
  linksChanged(categories: readonly number[], tags: readonly string[]): void {
    const changedCategories = new Set(categories);
    const changedTags = new Set(tags);
    this.newestOfCategory.dropWhere((id) => changedCategories.has(id));
    this.newestOfTag.dropWhere((slug) => changedTags.has(slug));
  }

  /**
   * `shown` learns what the answer shows beyond the post's category and tags: any card, when the
   * related posts are filled from elsewhere.
   */
  async around(
    post: PostAt,
    tags: readonly Tag[],
    shown?: ShownContent,
  ): Promise<Omit<PostWithRelated, 'post'>> {
    const [posts, { previous, next }] = await Promise.all([
      this.related(post, tags, shown),
      this.repository.neighbours(post),
    ]);
    return { posts, previous, next };
  }

  /** Candidates with every tag they carry (only those shared with a post count) and their words. */
  private async readyToRank(list: Promise<Candidate[]>): Promise<RankedCandidate[]> {
    const candidates = await list;
    const tags = await this.tags.ofPosts(candidates.map((candidate) => candidate.id));
    return candidates.map((candidate) =>
      rankedCandidate(
        candidate,
        (tags.get(candidate.id) ?? []).map((tag) => tag.id),
      ),
    );
  }

  private async related(
    post: PostAt,
    tags: readonly Tag[],
    shown?: ShownContent,
  ): Promise<RelatedPost[]> {
    const category = post.category.id;
    const lists = await Promise.all([
      this.newestOfCategory.get(category, () =>
        this.readyToRank(this.repository.newestOfCategory(category, CANDIDATES_PER_LIST)),
      ),
      ...tags.map((tag) =>
        this.newestOfTag.get(tag.slug, () =>
          this.readyToRank(this.repository.newestOfTag(tag.id, CANDIDATES_PER_LIST)),
        ),
      ),
    ]);
    // rankRelated takes each candidate once, and never the post itself.
    const related = rankRelated(
      rankedCandidate(
        {
          id: post.id,
          name: post.name,
          slug: '',
          image: '',
          summary: post.summary,
          category_id: category,
          published_at: post.published_at,
        },
        tags.map((t) => t.id),
      ),
      lists.flat(),
      RELATED_POSTS,
    );
    if (related.length === RELATED_POSTS) return related;
    shown?.add(scope.anyCard);
    const taken = new Set(related.map((p) => p.slug));
    const others = await this.newestOthers(post, RELATED_POSTS);
    return [...related, ...others.filter((p) => !taken.has(p.slug))].slice(0, RELATED_POSTS);
  }
}
