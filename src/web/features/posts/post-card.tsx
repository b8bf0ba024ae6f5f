import { Link } from '../../components/ui/link.js';
import { CARD_IMAGE_SIZES } from '../../../shared/image-layout.js';
import { pagePath } from '../../../shared/paths.js';
import { NO_IMAGE } from '../../../shared/post-image.js';
import { ImagePlaceholder } from '../../components/ui/image-placeholder.js';
import type { SearchCard as Card } from '../../../shared/schemas/api.js';
import { Picture } from '../../components/ui/picture.js';
import { CardMeta } from './card-meta.js';
import { SearchExcerpt } from './search-excerpt.js';
import './post-parts.css';

/**
 * A card: the post name as an accordion header, the image linking to the post, the summary; a
 * search result also the passage where the search matched.
 */
export function PostCard({
  post,
  eager = false,
  first = false,
}: {
  post: Card;
  eager?: boolean;
  /** The likely largest paint of the page: fetched before other images. */
  first?: boolean;
}) {
  return (
    <article className="card">
      <details open>
        <summary>
          <h2 className="card__title">{post.name}</h2>
        </summary>
        <div className="card__body">
          {post.image === NO_IMAGE ? (
            // The tile is decoration: the link is named by the post, as an image's alt names it.
            <Link to={pagePath.post(post.slug)} className="card__image" aria-label={post.name}>
              <ImagePlaceholder name={post.name} />
            </Link>
          ) : (
            <Link to={pagePath.post(post.slug)} className="card__image">
              <Picture
                image={post.image}
                variants={post.image_variants}
                sizes={CARD_IMAGE_SIZES}
                alt={post.name}
                loading={eager ? 'eager' : 'lazy'}
                fetchPriority={first ? 'high' : undefined}
              />
            </Link>
          )}
          <CardMeta post={post} />
          <p className="card__summary">{post.summary}</p>
          {post.excerpt && <SearchExcerpt segments={post.excerpt} />}
        </div>
      </details>
    </article>
  );
}

/**
 * Cards four to a row on wide screens, two on tablets, one on phones. Only the first card's image
 * is loaded at once: on a phone the next ones are below the fold, and on a wide screen, where they
 * are beside it, a lazy image in view is fetched as soon as the page is laid out.
 */
export function CardGrid({ posts }: { posts: Card[] }) {
  return (
    <div className="card-grid">
      {posts.map((post, index) => (
        <PostCard key={post.id} post={post} eager={index === 0} first={index === 0} />
      ))}
    </div>
  );
}
