import type { ImageFile, ImageVariants } from '../../shared/schemas/images.js';
import type { PostPage } from '../../shared/schemas/api.js';
import type { BrandImages } from '../brand-images/brand-images.service.js';
import type { ContentChange } from '../cache/content-change.js';
import type { PostsService, SearchResultPage } from '../posts/posts.service.js';
import type { ImageCatalog } from './image-catalog.js';

type WithImage = { image: string; image_variants?: ImageVariants | null };
type PostAnswer = Awaited<ReturnType<PostsService['post']>>;
type SharedPost = PostAnswer['post'] & WithImage & { share_image?: ImageFile };

/** What the routes and pages use of the posts service: its public methods, whoever serves them. */
export type Posts = { [K in keyof PostsService]: PostsService[K] };

/**
 * The posts service with images: every card and post it answers, to the API and to the pages
 * alike, carries the variants of its image, and a post's body its images as <picture>s. The
 * service makes each answer anew, so they are decorated in place. Kept outside the service so
 * that the service need not know how images are published; a content change clears the catalog
 * with the service's own memory. Each method of the service is here, answered as it is or
 * decorated, so that a method added to the service does not compile until it is placed here.
 */
export class PostsWithImages implements Posts {
  readonly tags: PostsService['tags'];
  readonly pageSize: number;

  constructor(
    private readonly posts: PostsService,
    private readonly images: ImageCatalog,
    private readonly brand: BrandImages,
  ) {
    this.tags = posts.tags;
    this.pageSize = posts.pageSize;
  }

  contentChanged(change?: ContentChange): void {
    // A change the import described leaves the images as they were (content-change.ts).
    if (!change) this.images.contentChanged();
    this.posts.contentChanged(change);
  }

  async postsPage(...args: Parameters<PostsService['postsPage']>): Promise<PostPage> {
    return this.withCards(await this.posts.postsPage(...args));
  }

  async tagPage(...args: Parameters<PostsService['tagPage']>): Promise<PostPage> {
    return this.withCards(await this.posts.tagPage(...args));
  }

  async search(...args: Parameters<PostsService['search']>): Promise<SearchResultPage> {
    return this.withCards(await this.posts.search(...args));
  }

  async post(...args: Parameters<PostsService['post']>): Promise<PostAnswer> {
    const answer = await this.posts.post(...args);
    const post = answer.post as SharedPost;
    await this.images.withVariants([post]);
    post.content = await this.images.body(post.content);
    // Social networks render no SVG (nor a GIF's frames): a photo cover is shared as its own
    // 1200×630 file, anything else as a card of the title.
    const share = post.image_variants?.share ?? (await this.brand.postCard(post));
    if (share) post.share_image = share;
    return answer;
  }

  categories: PostsService['categories'] = (...args) => this.posts.categories(...args);
  category: PostsService['category'] = (...args) => this.posts.category(...args);
  feedItems: PostsService['feedItems'] = (...args) => this.posts.feedItems(...args);
  categoryBySlug: PostsService['categoryBySlug'] = (...args) => this.posts.categoryBySlug(...args);
  sitemapPostCount: PostsService['sitemapPostCount'] = (...args) =>
    this.posts.sitemapPostCount(...args);
  sitemapPosts: PostsService['sitemapPosts'] = (...args) => this.posts.sitemapPosts(...args);
  movedSlug: PostsService['movedSlug'] = (...args) => this.posts.movedSlug(...args);

  private async withCards<Page extends { data: WithImage[] }>(page: Page): Promise<Page> {
    await this.images.withVariants(page.data);
    return page;
  }
}
