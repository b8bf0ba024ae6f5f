import { LoadError } from '../../components/ui/load-error.js';
import { Sidebar } from './sidebar.js';

/**
 * The error boundary of the reader screens: the not-found or load-error page beside the
 * sidebar, so that the page keeps the reader's two columns and the top bar's sidebar toggle
 * still controls something. Unexpected errors still go up to the root's error page.
 */
export function ReaderError() {
  return (
    <>
      <Sidebar selected={-1} />
      <LoadError />
    </>
  );
}
