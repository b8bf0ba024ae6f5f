import type {
  Category,
  PostPage,
  PostWithRelated,
  SearchResultPage,
} from '../../shared/schemas/api.js';
import { notFound } from '../http/errors.js';
import { ContentMemo } from './content-memo.js';
import { PageStarts } from './page-starts.js';
import { PostContext, RELATED_POSTS } from './post-context.js';
import type { FeedItem, PostsRepository } from './posts.repository.js';
import type { SlugRecord } from './post-moves.repository.js';
import { TagsService } from './tags.service.js';
import type { PostSearch } from './search/search.js';
import { parseSearchText } from './search/search-query.js';
import { scope, type ShownContent } from '../cache/shown-content.js';
import type { ContentChange } from '../cache/content-change.js';
import { lastModified } from '../../shared/structured-data.js';

/** A post as the sitemap lists it. */
export interface SitemapPostEntry {
  slug: string;
  /** ISO 8601: the post's own `updated` date, or its date. */
  lastmod: string;
}

export type { SearchResultPage };

export { RELATED_POSTS };

function lastPage(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** What the API and the server-rendered pages ask of posts; both call it in-process. */
export class PostsService {
  // Computed from the content and kept until it changes.
  /** The category list with its counts (a scan of all posts). */
  private readonly categoryList = new ContentMemo<0, Category[]>();
  /** The page starts of each list asked for (0: all posts; a category's id; a tag's, negated). */
  private readonly lists = new ContentMemo<number, PageStarts>();
  /** Related posts and the posts before and after a post. */
  private readonly context: PostContext;
  /** Tags, their lists, and the tags of cards. */
  readonly tags: TagsService;

  constructor(
    private readonly repository: PostsRepository,
    private readonly postSearch: PostSearch,
    readonly pageSize: number,
  ) {
    this.tags = new TagsService(repository.tags);
    this.context = new PostContext(repository.context, this.tags, (post, limit) =>
      repository.listRelated(post, limit),
    );
  }

  /**
   * Drops what was computed from the previous content; called when the content version moves.
   * With what an import changed of the posts, only what that moves: at 100,000 posts a list's
   * page starts take 130–220 ms to read again and the tags' counts ≈ 0.5 s, each blocking the
   * server while it runs.
   */
  contentChanged(change?: ContentChange): void {
    if (!change) {
      this.categoryList.clear();
      this.lists.clear();
      this.tags.contentChanged();
      this.context.contentChanged();
      return;
    }
    if (change.counts) {
      this.categoryList.clear();
      const categories = new Set(change.categories);
      this.lists.dropWhere((key) => key === 0 || categories.has(key));
    }
    // The lists of tags, by their negated ids.
    if (change.tagCounts) this.lists.dropWhere((key) => key < 0);
    if (change.tagCounts || change.tagNames.length) this.tags.contentChanged();
    this.context.linksChanged(change.linkCategories, change.linkTags);
  }

  categories(): Promise<Category[]> {
    return this.categoryList.get(0, () => this.repository.listCategories());
  }

  async category(id: number): Promise<Category> {
    const category = (await this.categories()).find((c) => c.id === id);
    if (!category) throw notFound(`No category with id ${id}`);
    return category;
  }

  /** The page starts of a list, built by one index walk the first time it is asked for. */
  private pageStarts(categoryId?: number, tagId?: number): Promise<PageStarts> {
    const key = tagId === undefined ? (categoryId ?? 0) : -tagId;
    return this.lists.get(key, async () => {
      const { starts, total } = await this.repository.listPageStarts(
        this.pageSize,
        categoryId,
        tagId,
      );
      return new PageStarts(starts, total);
    });
  }

  /** A page of published posts, newest first; all of them or one category's. */
  async postsPage(page: number, categoryId?: number): Promise<PostPage> {
    if (categoryId !== undefined) await this.category(categoryId);
    return this.listPage(page, categoryId);
  }

  /** A page of the posts of a tag, newest first; a tag no visible post carries is not found. */
  async tagPage(page: number, slug: string): Promise<PostPage> {
    const tag = await this.tags.tag(slug);
    return this.listPage(page, undefined, tag.id);
  }

  /** A page of a list from its page start (decision 009). */
  private async listPage(page: number, categoryId?: number, tagId?: number): Promise<PostPage> {
    const per = this.pageSize;
    const starts = await this.pageStarts(categoryId, tagId);
    const from = starts.start(page);
    // A page past the last one is empty, with the true last page.
    const rows = from
      ? await this.repository.listCardsFrom({ categoryId, tagId, from, limit: per })
      : [];
    const data = await this.tags.withTags(rows);
    const { total } = starts;
    return { data, current_page: page, last_page: lastPage(total, per), per_page: per, total };
  }

  /**
   * A post with its related posts; with `anyState` a draft or scheduled one too (previews).
   * `shown` learns what of the content the answer shows.
   */
  async post(slug: string, anyState = false, shown?: ShownContent): Promise<PostWithRelated> {
    const post = await this.repository.findPublishedBySlug(slug, anyState);
    if (!post) throw notFound(`No post with slug "${slug}"`);
    const tags = await this.tags.ofPost(post.id);
    const around = await this.context.around(post, tags, shown);
    // Its related posts and neighbours are links to posts of its category and tags.
    shown?.add(
      scope.post(post.slug),
      scope.categoryLinks(post.category.id),
      ...tags.flatMap((tag) => [scope.tagLinks(tag.slug), scope.tagName(tag.slug)]),
    );
    return { post: { ...post, tags: tags.map(({ slug, name }) => ({ slug, name })) }, ...around };
  }

  async search(text: string, page: number): Promise<SearchResultPage> {
    const per = this.pageSize;
    const { cards, total, capped } = await this.postSearch.search(
      parseSearchText(text),
      per,
      (page - 1) * per,
    );
    return {
      data: await this.tags.withTags(cards),
      current_page: page,
      last_page: lastPage(total, per),
      per_page: per,
      total,
      capped,
    };
  }

  /** The newest visible posts with their HTML, of the site or of a category, for its feed. */
  feedItems(limit: number, categoryId?: number): Promise<FeedItem[]> {
    return this.repository.listFeedItems(limit, categoryId);
  }

  /** A category by its slug (feeds are addressed by slug), or undefined. */
  categoryBySlug(slug: string): Promise<{ id: number; name: string; slug: string } | undefined> {
    return this.repository.findCategoryBySlug(slug);
  }

  /** How many posts the sitemap lists: every post a reader sees. */
  sitemapPostCount(): Promise<number> {
    return this.repository.countPublished();
  }

  /**
   * `take` of the sitemap's posts after the first `skip`, oldest first, in batches: each post's
   * slug and when it last changed (`lastModified`, as its page's structured data says).
   */
  async *sitemapPosts(skip: number, take: number): AsyncGenerator<SitemapPostEntry[]> {
    for await (const rows of this.repository.sitemap.posts(skip, take))
      yield rows.map((row) => ({ slug: row.slug, lastmod: lastModified(row) }));
  }

  /** Where an old slug leads (a post's current slug, or gone), or undefined when nowhere. */
  movedSlug(slug: string): Promise<SlugRecord | undefined> {
    return this.repository.moves.find(slug);
  }
}
