import { Link } from 'react-router';
import type { PostCard as Card } from '../../../shared/schemas/api.js';
import { CardMeta } from './card-meta.js';
import './post-parts.css';

/** A card: the post name as an accordion header, the image linking to the post, the summary. */
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
          <Link to={`/${post.slug}`} className="card__image">
            <img
              src={`/images/${post.image}`}
              alt={post.name}
              width={800}
              height={450}
              loading={eager ? 'eager' : 'lazy'}
              fetchPriority={first ? 'high' : undefined}
              decoding="async"
            />
          </Link>
          <CardMeta post={post} />
          <p className="card__summary">{post.summary}</p>
        </div>
      </details>
    </article>
  );
}

/** Cards four to a row on wide screens, two on tablets, one on phones. */
export function CardGrid({ posts }: { posts: Card[] }) {
  return (
    <div className="card-grid">
      {posts.map((post, index) => (
        <PostCard key={post.id} post={post} eager={index < 4} first={index === 0} />
      ))}
    </div>
  );
}
