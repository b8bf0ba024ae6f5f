import type { PostPreview, PreviewStatus } from '../../shared/schemas/preview.js';
import { notFound } from '../http/errors.js';
import type { Posts } from '../images/posts-with-images.js';
import type { Clock } from '../schedule/clock.js';
import type { PostState, PreviewRepository } from './preview.repository.js';
import { signPreview, verifyPreview } from './preview-token.js';

/** How long a preview link works unless told otherwise: a week. */
export const DEFAULT_PREVIEW_MS = 7 * 86_400_000;

/** Why no link can be made; the CLI prints it. */
export class PreviewError extends Error {}

/**
 * Private previews: signed links to one post in any state, made by the site owner (the CLI) and
 * opened by anyone holding one until it expires. The secret is PREVIEW_SECRET when set, else the
 * store's own (made on first use); it never leaves the server.
 */
export class PreviewService {
  private readonly repository: PreviewRepository;
  private readonly clock: Clock;

  constructor(
    private readonly options: {
      repository: PreviewRepository;
      clock: Clock;
      /** PREVIEW_SECRET, when the environment sets one. */
      secret?: string;
      /** Renders the post; the CLI, which only makes links, has none. */
      posts?: () => Posts;
    },
  ) {
    this.repository = options.repository;
    this.clock = options.clock;
  }

  /** PREVIEW_SECRET, else the store's own: it signs the analytics dashboard's links too. */
  secret(): Promise<string> {
    return this.options.secret ? Promise.resolve(this.options.secret) : this.repository.secret();
  }

  private status(state: PostState): PreviewStatus {
    if (state.draft) return 'draft';
    return Date.parse(state.published_at) > this.clock.now() ? 'scheduled' : 'published';
  }

  /** A token for the post `slug`, working for `lifetimeMs`; refuses a slug no post has. */
  async link(
    slug: string,
    lifetimeMs = DEFAULT_PREVIEW_MS,
  ): Promise<{ token: string; expiresAt: number; status: PreviewStatus }> {
    const state = await this.repository.postState(slug);
    if (!state) throw new PreviewError(`No post has the slug "${slug}"`);
    // Tokens carry whole seconds.
    const expiresAt = Math.floor((this.clock.now() + lifetimeMs) / 1000) * 1000;
    const token = signPreview(await this.secret(), { slug, expiresAt });
    return { token, expiresAt, status: this.status(state) };
  }

  /**
   * The post a token grants, as its page will show it. A token that is malformed, tampered with,
   * signed with another secret or expired, or whose post is gone, is a plain 404.
   */
  async open(token: string): Promise<PostPreview> {
    const grant = verifyPreview(await this.secret(), token, this.clock.now());
    const state = grant && (await this.repository.postState(grant.slug));
    if (!grant || !state) throw notFound('No such preview');
    if (!this.options.posts) throw new Error('Opening a preview needs the posts service');
    const post = await this.options.posts().post(grant.slug, true);
    return {
      ...post,
      preview: { status: this.status(state), expires_at: new Date(grant.expiresAt).toISOString() },
    };
  }
}
