import type { FastifyRequest } from 'fastify';

/** Host and port as Origin names them: a proxy may add or drop the scheme's own port. */
const withoutDefaultPort = (host: string) => host.toLowerCase().replace(/:(80|443)$/, '');

/**
 * Whether a form post was sent by a page of this site, against cross-site request forgery: a
 * page elsewhere can make a browser post a form here, but not hide where it comes from. The
 * browser's own Sec-Fetch-Site says it when present (every current browser sends it); else the
 * Origin header must name this host. A post without either comes from no browser, so from no
 * forged page.
 */
export function isSameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return withoutDefaultPort(new URL(origin).host) === withoutDefaultPort(request.host);
  } catch {
    return false; // "null" (a sandboxed or privacy-stripped origin) or garbage
  }
}
