/** An error whose status and message are meant for the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new HttpError(404, 'not_found', message);
export const badRequest = (message: string) => new HttpError(400, 'bad_request', message);

/** The JSON body of every API error. */
export function errorBody(code: string, message: string) {
  return { error: { code, message } };
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02',
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  'SQLITE_BUSY',
]);

/** True when the failure is the database being away, which the client can retry. */
export function isUnavailable(error: unknown): boolean {
  const err = error as { code?: unknown; message?: unknown } | null;
  if (!err) return false;
  if (typeof err.code === 'string' && UNAVAILABLE_CODES.has(err.code)) return true;
  return (
    typeof err.message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
      err.message,
    )
  );
}
