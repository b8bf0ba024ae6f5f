import type { Category, PostCard, PostPage, PostWithRelated } from '../../shared/schemas/api.js';
import { notFound } from '../http/errors.js';
import type { PostsRepository } from './posts.repository.js';
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
  /** Published-post counts per category (key 0: all), valid until content changes. */
  private readonly counts = new Map<number, Promise<number>>();
  /** The category list with its counts (a scan of all posts), valid until content changes. */
  private categoryList: Promise<Category[]> | undefined;

  constructor(
    private readonly repository: PostsRepository,
    private readonly postSearch: PostSearch,
    readonly pageSize: number,
  ) {}

  /** Drops what was computed from the previous content; called when the content version moves. */
  contentChanged(): void {
    this.counts.clear();
    this.categoryList = undefined;
  }

  private countPublished(categoryId?: number): Promise<number> {
    const key = categoryId ?? 0;
    let count = this.counts.get(key);
    if (!count) {
      count = this.repository.countPublished(categoryId);
      this.counts.set(key, count);
      count.catch(() => this.counts.delete(key));
    }
    return count;
  }

  categories(): Promise<Category[]> {
    if (!this.categoryList) {
      const loading = this.repository.listCategories();
      this.categoryList = loading;
      loading.catch(() => {
        if (this.categoryList === loading) this.categoryList = undefined;
      });
    }
    return this.categoryList;
  }

  async category(id: number) {
    const category = await this.repository.findCategory(id);
    if (!category) throw notFound(`No category with id ${id}`);
    return category;
  }

  /** A page of published posts, newest first; all of them or one category's. */
  async postsPage(page: number, categoryId?: number): Promise<PostPage> {
    if (categoryId !== undefined) await this.category(categoryId);
    const per = this.pageSize;
    const [total, data] = await Promise.all([
      this.countPublished(categoryId),
      this.repository.listCards({ categoryId, limit: per, offset: (page - 1) * per }),
    ]);
    return { data, current_page: page, last_page: lastPage(total, per), per_page: per, total };
  }

  async post(slug: string): Promise<PostWithRelated> {
    const post = await this.repository.findPublishedBySlug(slug);
    if (!post) throw notFound(`No post with slug "${slug}"`);
    const posts = await this.repository.listRelated(post, RELATED_POSTS);
    return { post, posts };
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
