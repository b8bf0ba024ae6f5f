import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router';
import { NotFound } from './not-found.js';

/**
 * A screen's error boundary: unknown content is the 404 page; a failed fetch says so and
 * offers a retry instead of a blank screen; anything else goes up to the root.
 */
export function LoadError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const status = (error as { status?: number } | null)?.status;
  if (typeof status !== 'number') throw error;
  return (
    <div className="load-error" role="alert">
      <h1>This page could not be loaded</h1>
      <p>
        {status === 0 ? 'The network seems to be down.' : `The server answered ${status}.`} Please
        try again.
      </p>
      <button
        type="button"
        className="button"
        onClick={() => revalidator.revalidate()}
        disabled={revalidator.state === 'loading'}
      >
        Retry
      </button>
    </div>
  );
}
