import { isRouteErrorResponse, UNSAFE_ErrorResponseImpl, type HydrationState } from 'react-router';

/** Route errors as JSON: error responses keep their status, other errors only a message. */
export function serializeErrors(errors: HydrationState['errors']): Record<string, unknown> | null {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [id, error] of Object.entries(errors)) {
    out[id] = isRouteErrorResponse(error)
      ? {
          __type: 'RouteErrorResponse',
          status: error.status,
          statusText: error.statusText,
          data: error.data,
        }
      : { __type: 'Error', message: 'Unexpected Application Error!' };
  }
  return out;
}

export function deserializeErrors(
  errors: Record<string, unknown> | null | undefined,
): HydrationState['errors'] {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(errors)) {
    const error = value as {
      __type: string;
      status: number;
      statusText: string;
      data: unknown;
      message: string;
    };
    out[id] =
      error.__type === 'RouteErrorResponse'
        ? new UNSAFE_ErrorResponseImpl(error.status, error.statusText, error.data)
        : new Error(error.message);
  }
  return out;
}

/** JSON safe inside <script type="application/json">: no "</script>" or "<!--" can form. */
export function escapeJsonForHtml(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
