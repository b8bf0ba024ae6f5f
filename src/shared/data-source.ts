import type { Category, PostPage, PostWithRelated, SearchResultPage } from './schemas/api.js';
import type { PostPreview } from './schemas/preview.js';
import type { PublicSite } from './schemas/site-config.js';
import type { TagSummary } from './schemas/tags.js';

/** A page of search results with its paging figures (the API sends them as headers). */
export type SearchPage = SearchResultPage;

/**
 * What the web app's loaders read. On the server it calls the services in-process; in the
 * browser it calls the JSON API. A missing thing is an error with `status: 404`.
 */
export interface DataSource {
  site(): Promise<PublicSite>;
  categories(): Promise<Category[]>;
  postsPage(page: number, categoryId?: number): Promise<PostPage>;
  post(slug: string): Promise<PostWithRelated>;
  /** The post a private preview link grants, in any state (a draft, a scheduled post). */
  preview(token: string): Promise<PostPreview>;
  tags(): Promise<TagSummary[]>;
  /** A page of a tag's posts, by the tag's slug. */
  tagPage(page: number, tag: string): Promise<PostPage>;
  search(text: string, page: number): Promise<SearchPage>;
  checkEmployer(email: string): Promise<{ allowed: boolean; status: number }>;
}

/** The request context that server rendering hands to the loaders. */
export interface LoaderContext {
  data: DataSource;
}
