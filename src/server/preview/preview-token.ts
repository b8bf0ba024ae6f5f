import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a preview link opens: one post, by slug, until a moment. */
export interface PreviewGrant {
  slug: string;
  /** Milliseconds since the epoch after which the link opens nothing. */
  expiresAt: number;
}

/** Bounds what is decoded at all: a slug of 120 characters makes a token of about 220. */
const TOKEN = /^[A-Za-z0-9_-]{4,400}\.[A-Za-z0-9_-]{43}$/;

/**
 * What a signature is for, signed with it: a token made for one use opens nothing of another,
 * though the same secret signs both.
 */
export type Purpose = 'postfolio-preview-v1\n' | 'postfolio-stats-v1\n';

const PREVIEW: Purpose = 'postfolio-preview-v1\n';

function signature(secret: string, purpose: Purpose, payload: string): Buffer {
  return createHmac('sha256', secret).update(purpose).update(payload).digest();
}

/** What a signed token grants: a text (a slug; the dashboard's name), until a moment. */
export interface SignedGrant {
  text: string;
  /** Milliseconds since the epoch after which the token opens nothing. */
  expiresAt: number;
}

/**
 * A token for `grant`: the text and expiry in the clear (base64url) and an HMAC-SHA256 of them
 * and of the purpose under the secret. Only the secret's holder can make one, and any change to
 * the text or the expiry breaks the signature.
 */
export function signToken(secret: string, purpose: Purpose, grant: SignedGrant): string {
  const payload = Buffer.from(`${Math.floor(grant.expiresAt / 1000)}:${grant.text}`).toString(
    'base64url',
  );
  return `${payload}.${signature(secret, purpose, payload).toString('base64url')}`;
}

/**
 * The grant of a token signed with `secret` for `purpose` that has not expired at `now`, or
 * undefined for any other string. The signature is compared in constant time, before the
 * payload is read.
 */
export function verifyToken(
  secret: string,
  purpose: Purpose,
  token: string,
  now: number,
): SignedGrant | undefined {
  if (!TOKEN.test(token)) return undefined;
  const [payload = '', mac = ''] = token.split('.');
  // Compared as text: a signature has one spelling (no second form through unused low bits).
  const given = Buffer.from(mac);
  const expected = Buffer.from(signature(secret, purpose, payload).toString('base64url'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const match = /^(\d{1,12}):(.+)$/s.exec(Buffer.from(payload, 'base64url').toString('utf8'));
  if (!match) return undefined;
  const expiresAt = Number(match[1]) * 1000;
  if (!(now < expiresAt)) return undefined;
  return { text: match[2]!, expiresAt };
}

/** A preview link's token for `grant`. */
export function signPreview(secret: string, grant: PreviewGrant): string {
  return signToken(secret, PREVIEW, { text: grant.slug, expiresAt: grant.expiresAt });
}

/** The grant of a preview token, or undefined (`verifyToken`). */
export function verifyPreview(
  secret: string,
  token: string,
  now: number,
): PreviewGrant | undefined {
  const grant = verifyToken(secret, PREVIEW, token, now);
  return grant && { slug: grant.text, expiresAt: grant.expiresAt };
}

/** `7d`, `12h`, `30m` or `45s`: how long a link lasts, in milliseconds; undefined if unreadable. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d{1,6})([smhd])$/.exec(text.trim());
  if (!match) return undefined;
  const unit = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[
    match[2] as 's' | 'm' | 'h' | 'd'
  ];
  const ms = Number(match[1]) * unit;
  return ms > 0 && ms <= 366 * 86_400_000 ? ms : undefined;
}
