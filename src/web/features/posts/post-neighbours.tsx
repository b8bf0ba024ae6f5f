import { Link } from '../../components/ui/link.js';
import type { RelatedPost } from '../../../shared/schemas/api.js';
import { pagePath } from '../../../shared/paths.js';

/** At the end of a post: the posts before and after it in its category. */
export function PostNeighbours({
  previous,
  next,
  category,
}: {
  previous: RelatedPost | null;
  next: RelatedPost | null;
  category: string;
}) {
  if (!previous && !next) return null;
  return (
    <nav className="post-neighbours" aria-label={`More in ${category}`}>
      {previous && (
        <Link to={pagePath.post(previous.slug)} rel="prev" className="post-neighbours__previous">
          <small>Previous post</small>
          {previous.name}
        </Link>
      )}
      {next && (
        <Link to={pagePath.post(next.slug)} rel="next" className="post-neighbours__next">
          <small>Next post</small>
          {next.name}
        </Link>
      )}
    </nav>
  );
}
