import type { FastifyInstance } from 'fastify';

/**
 * Bytes a form body may have: a contact message of 10,000 characters outside ASCII takes up to
 * nine bytes each once percent-encoded.
 */
export const FORM_BODY_LIMIT = 128 * 1024;

/** Lets the routes of `app` (one plugin's scope) read `application/x-www-form-urlencoded` bodies. */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      // fromEntries defines own properties: a field named __proto__ stays a plain field.
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}

/** A text field of a parsed form (or JSON) body, trimmed; '' when absent or not text. */
export function textField(body: unknown, name: string): string {
  const value =
    body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[name] : '';
  return typeof value === 'string' ? value.trim() : '';
}
