import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a preview link opens: one post, by slug, until a moment. */
export interface PreviewGrant {
  slug: string;
  /** Milliseconds since the epoch after which the link opens nothing. */
  expiresAt: number;
}

/** Bounds what is decoded at all: a slug of 120 characters makes a token of about 220. */
const TOKEN = /^[A-Za-z0-9_-]{4,400}\.[A-Za-z0-9_-]{43}$/;
/** Keeps these signatures apart from any other use of the same secret. */
const PURPOSE = 'postfolio-preview-v1\n';

function signature(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(PURPOSE).update(payload).digest();
}

/**
 * A token for `grant`: the slug and expiry in the clear (base64url) and an HMAC-SHA256 of them
 * under the secret. Only the secret's holder can make one, and any change to the slug or the
 * expiry breaks the signature.
 */
export function signPreview(secret: string, grant: PreviewGrant): string {
  const payload = Buffer.from(`${Math.floor(grant.expiresAt / 1000)}:${grant.slug}`).toString(
    'base64url',
  );
  return `${payload}.${signature(secret, payload).toString('base64url')}`;
}

/**
 * The grant of a token signed with `secret` that has not expired at `now`, or undefined for any
 * other string. The signature is compared in constant time, before the payload is read.
 */
export function verifyPreview(
  secret: string,
  token: string,
  now: number,
): PreviewGrant | undefined {
  if (!TOKEN.test(token)) return undefined;
  const [payload = '', mac = ''] = token.split('.');
  // Compared as text: a signature has one spelling (no second form through unused low bits).
  const given = Buffer.from(mac);
  const expected = Buffer.from(signature(secret, payload).toString('base64url'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const match = /^(\d{1,12}):(.+)$/s.exec(Buffer.from(payload, 'base64url').toString('utf8'));
  if (!match) return undefined;
  const expiresAt = Number(match[1]) * 1000;
  if (!(now < expiresAt)) return undefined;
  return { slug: match[2]!, expiresAt };
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
