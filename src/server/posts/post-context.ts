import type { PostWithRelated, RelatedPost } from '../../shared/schemas/api.js';
import { ContentMemo } from './content-memo.js';
import type { Candidate, PostContextRepository } from './post-context.repository.js';
import { rankRelated, type RankedCandidate } from './related-posts.js';
import type { Tag, TagsRepository } from './tags.repository.js';

export const RELATED_POSTS = 5;
/** The newest posts of each tag and of the category that are ranked; older ones are not. */
const CANDIDATES_PER_LIST = 12;

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
  /** The newest posts of each category asked for, candidates of its posts' related posts. */
  private readonly newestOfCategory = new ContentMemo<number, Candidate[]>();

  constructor(
    private readonly repository: PostContextRepository,
    private readonly tags: TagsRepository,
    /** Fills a related list from elsewhere when too few posts share anything with the post. */
    private readonly newestOthers: (post: PostAt, limit: number) => Promise<RelatedPost[]>,
  ) {}

  contentChanged(): void {
    this.newestOfCategory.clear();
  }

  async around(post: PostAt, tags: readonly Tag[]): Promise<Omit<PostWithRelated, 'post'>> {
    const [posts, { previous, next }] = await Promise.all([
      this.related(post, tags),
      this.repository.neighbours(post),
    ]);
    return { posts, previous, next };
  }

  private async related(post: PostAt, tags: readonly Tag[]): Promise<RelatedPost[]> {
    const category = post.category.id;
    const [inCategory, ...byTag] = await Promise.all([
      this.newestOfCategory.get(category, () =>
        this.repository.newestOfCategory(category, CANDIDATES_PER_LIST),
      ),
      ...tags.map((tag) => this.repository.newestOfTag(tag.id, CANDIDATES_PER_LIST)),
    ]);
    const byId = new Map<number, Candidate>();
    for (const list of [inCategory!, ...byTag])
      for (const candidate of list) byId.set(candidate.id, candidate);
    byId.delete(post.id);
    // Every tag of the post each candidate carries, not only those it was found through.
    const shared = await this.tags.shared(
      [...byId.keys()],
      tags.map((tag) => tag.id),
    );
    const ranked = [...byId.values()].map((candidate): RankedCandidate => ({
      ...candidate,
      tags: (shared.get(candidate.id) ?? []).map(String),
    }));
    const related = rankRelated(
      { ...post, image: '', slug: '', category_id: category, tags: tags.map((t) => String(t.id)) },
      ranked,
      RELATED_POSTS,
    );
    if (related.length === RELATED_POSTS) return related;
    const taken = new Set(related.map((p) => p.slug));
    const others = await this.newestOthers(post, RELATED_POSTS);
    return [...related, ...others.filter((p) => !taken.has(p.slug))].slice(0, RELATED_POSTS);
  }
}
