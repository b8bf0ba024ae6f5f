import { Link } from './link.js';
import { pagePath } from '../../../shared/paths.js';

/** The 404 page: the server answers it with HTTP 404 too. */
export function NotFound() {
  return (
    <main id="main" className="error-page">
      <h1>Page not found</h1>
      <p>There is nothing at this address. It may have moved, or the link may be mistyped.</p>
      <p>
        <Link to={pagePath.landing()}>Home</Link> · <Link to={pagePath.posts()}>All posts</Link>
      </p>
    </main>
  );
}
