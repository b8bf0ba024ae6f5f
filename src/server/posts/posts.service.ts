import type {
  Category,
  PostCard,
  PostDetail,
  PostPage,
  PostWithRelated,
  RelatedPost,
} from '../../shared/schemas/api.js';
import { notFound } from '../http/errors.js';
import { ContentMemo } from './content-memo.js';
import { PageStarts } from './page-starts.js';
import type { NewestPost, PostsRepository } from './posts.repository.js';
import type { PostSearch } from './search/search.js';
import { parseSearchText } from './search/search-query.js';

export interface SearchResultPage {
  data: PostCard[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

export const RELATED_POSTS = 5;

function lastPage(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** What the API and the server-rendered pages ask of posts; both call it in-process. */
export class PostsService {
  // Computed from the content and kept until it changes.
  /** The category list with its counts (a scan of all posts). */
  private readonly categoryList = new ContentMemo<0, Category[]>();
  /** The page starts of each list asked for (key 0: all posts, else a category's id). */
  private readonly lists = new ContentMemo<number, PageStarts>();
  /** The newest posts of each category asked for, the related posts of its posts. */
  private readonly newest = new ContentMemo<number, NewestPost[]>();

  constructor(
    private readonly repository: PostsRepository,
    private readonly postSearch: PostSearch,
    readonly pageSize: number,
  ) {}

  /** Drops what was computed from the previous content; called when the content version moves. */
  contentChanged(): void {
    this.categoryList.clear();
    this.lists.clear();
    this.newest.clear();
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
  private pageStarts(categoryId?: number): Promise<PageStarts> {
    return this.lists.get(categoryId ?? 0, async () => {
      const { starts, total } = await this.repository.listPageStarts(this.pageSize, categoryId);
      return new PageStarts(starts, total);
    });
  }

  /** A page of published posts, newest first; all of them or one category's. */
  async postsPage(page: number, categoryId?: number): Promise<PostPage> {
    if (categoryId !== undefined) await this.category(categoryId);
    const per = this.pageSize;
    const starts = await this.pageStarts(categoryId);
    const from = starts.start(page);
    // A page past the last one is empty, with the true last page.
    const data = from ? await this.repository.listCardsFrom({ categoryId, from, limit: per }) : [];
    const { total } = starts;
    return { data, current_page: page, last_page: lastPage(total, per), per_page: per, total };
  }

  async post(slug: string): Promise<PostWithRelated> {
    const post = await this.repository.findPublishedBySlug(slug);
    if (!post) throw notFound(`No post with slug "${slug}"`);
    return { post, posts: await this.related(post) };
  }

  /**
   * The newest other posts of the post's category, from the category's newest posts (read once
   * per content version) rather than a query a view. A category with too few others for a full
   * list is filled from the other categories by the repository.
   */
  private async related(post: PostDetail): Promise<RelatedPost[]> {
    const category = post.category.id;
    const newest = await this.newest.get(category, () =>
      this.repository.listNewest(category, RELATED_POSTS + 1),
    );
    const others = newest.filter((p) => p.id !== post.id).slice(0, RELATED_POSTS);
    if (others.length < RELATED_POSTS) return this.repository.listRelated(post, RELATED_POSTS);
    return others.map(({ name, slug, image }) => ({ name, slug, image }));
  }

  async search(text: string, page: number): Promise<SearchResultPage> {
    const per = this.pageSize;
    const { cards, total } = await this.postSearch.search(
      parseSearchText(text),
      per,
      (page - 1) * per,
    );
    return {
      data: cards,
      current_page: page,
      last_page: lastPage(total, per),
      per_page: per,
      total,
    };
  }
}
