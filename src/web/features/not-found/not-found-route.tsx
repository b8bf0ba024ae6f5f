import { data } from 'react-router';

/** Any path no route claims: a real 404, rendered by the root's error boundary. */
export function loader(): never {
  throw data('Not Found', { status: 404 });
}

export function Component() {
  return null;
}
