import { useContext, useEffect, useRef } from 'react';
import {
  isRouteErrorResponse,
  Outlet,
  UNSAFE_DataRouterStateContext,
  useLocation,
  useMatches,
  useRouteError,
} from 'react-router';
import { useSiteMeta } from './data/site-meta.js';
import { pageMeta } from './head.js';
import { NotFound } from './components/ui/not-found.js';
import './styles/app.css';
import './features/owner/owner.css';

/**
 * Keeps document.title in step after client-side navigation (the server writes the first one).
 * A route whose loader failed has no data for its meta: then the title is the 404 or error one,
 * as on the server.
 */
function DocumentTitle() {
  const matches = useMatches();
  const site = useSiteMeta();
  const errors = useContext(UNSAFE_DataRouterStateContext)?.errors;
  const error = errors ? Object.values(errors)[0] : undefined;
  const status = error === undefined ? 200 : isRouteErrorResponse(error) ? error.status : 500;
  useEffect(() => {
    if (site) document.title = pageMeta(matches, site, status).title;
  }, [matches, site, status]);
  return null;
}

/**
 * After a client-side navigation, focus moves to the new page's heading, as a page load would
 * put a screen reader at the top; otherwise it stays on a link that is gone, that is on <body>.
 * Not while the reader works a filter of the page (the category radios), nor for in-page links.
 */
function FocusHeading() {
  const { pathname, search } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (document.activeElement?.closest('form[data-keeps-focus]')) return;
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  }, [pathname, search]);
  return null;
}

export function Root() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <DocumentTitle />
      <FocusHeading />
      <Outlet />
    </>
  );
}

/** The last resort: a 404 page for unknown content, the specification's error page otherwise. */
export function RootErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <main id="main" className="error-page">
      <h1>Unexpected Application Error!</h1>
      <p>Something went wrong while showing this page.</p>
      <p>
        {/* A whole page load: the app that failed is not asked to navigate. */}
        <a href="/">Go to the home page</a>
      </p>
    </main>
  );
}
