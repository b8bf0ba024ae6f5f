import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { ConfigError } from './config-error.js';
import { contactMailConfig, type ContactMailConfig } from './contact/mail-config.js';
import type { CachePolicyConfig } from './cache/cache-policy.js';
import type { FrontDoorConfig } from './http/front/front-door.js';

/**
 * Which proxies may set X-Forwarded-For: none, the nearest N hops, or the listed addresses and
 * ranges. The client is the address just before the first untrusted hop, counted from the socket,
 * never the left-most entry a client can write itself.
 */
export type TrustProxy = false | number | string[];

/** Everything the server reads from its environment, validated once at start. */
export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** The employer gate's address, normalized; empty means the gate never opens. Never sent to browsers. */
  employerEmail: string;
  logLevel: string;
  pageSize: number;
  contentDir: string;
  imagesDir: string;
  /** Build output of the web app (client assets and the server-rendering bundle). */
  webDir: string;
  contactEnabled: boolean;
  /** Signs private preview links (src/server/preview/); unset: a secret kept in the store. */
  previewSecret: string | undefined;
  /** SMTP_URL and the addresses of the contact form's mail notification; no mail when unset. */
  contactMail: ContactMailConfig;
  trustProxy: TrustProxy;
  /** Absolute origin used in canonical links, feeds and the sitemap; falls back to the site config. */
  publicUrl: string | undefined;
  /** Timeouts, drain and overload of the HTTP listener. */
  http: FrontDoorConfig;
  /** What browsers and shared caches may keep of public answers. */
  cachePolicy: CachePolicyConfig;
  /** Bounds of the two response caches, in bytes. */
  cacheBytes: { api: number; pages: number };
}

export { ConfigError };

function integer(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  return /^(1|true|yes|on)$/i.test(env[name] ?? '');
}

/** The names proxy-addr knows for the private ranges, besides addresses and CIDRs. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 32;

function trustedAddress(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset or off, a hop count (`true` is one hop), or a list of addresses and CIDRs. */
export function trustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || /^(0|false|no|off)$/i.test(value)) return false;
  if (/^(true|yes|on)$/i.test(value)) return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS)
      throw new ConfigError(`TRUST_PROXY must count at most ${MAX_HOPS} proxies, got "${raw}"`);
    return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !trustedAddress(entry));
  if (bad.length)
    throw new ConfigError(
      `TRUST_PROXY must be a number of proxies or a comma-separated list of their addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8); "${bad.join('", "')}" is neither`,
    );
  return entries;
}

const MB = 1024 * 1024;

/** The listener's settings; `integer` validates each, and the header timeout must fit the request's. */
function httpConfig(env: NodeJS.ProcessEnv): FrontDoorConfig {
  const headersTimeoutMs = integer(env, 'HEADERS_TIMEOUT_MS', 10_000, 100, 600_000);
  const requestTimeoutMs = integer(env, 'REQUEST_TIMEOUT_MS', 30_000, 100, 3_600_000);
  if (headersTimeoutMs > requestTimeoutMs)
    throw new ConfigError(
      `HEADERS_TIMEOUT_MS (${headersTimeoutMs}) must not exceed REQUEST_TIMEOUT_MS (${requestTimeoutMs})`,
    );
  return {
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs: integer(env, 'KEEP_ALIVE_TIMEOUT_MS', 72_000, 100, 3_600_000),
    drainTimeoutMs: integer(env, 'DRAIN_TIMEOUT_MS', 8_000, 0, 60_000),
    overload: {
      maxDelayMs: integer(env, 'OVERLOAD_MAX_DELAY_MS', 100, 0, 60_000),
      maxInFlight: integer(env, 'OVERLOAD_MAX_IN_FLIGHT', 128, 0, 100_000),
    },
  };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** PREVIEW_SECRET: at least 32 characters, so that preview links cannot be forged by guessing it. */
function previewSecret(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw.length < 32)
    throw new ConfigError(
      `PREVIEW_SECRET must be at least 32 characters (e.g. the output of \`openssl rand -base64 32\`), got ${raw.length}`,
    );
  return raw;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: integer(env, 'PORT', 3000, 0, 65_535),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    employerEmail: normalizeEmail(env.EMPLOYER_EMAIL ?? ''),
    logLevel: env.LOG_LEVEL || 'info',
    pageSize: integer(env, 'PAGE_SIZE', 12, 1, 100),
    contentDir: resolve(env.CONTENT_DIR || 'content'),
    imagesDir: resolve(env.IMAGES_DIR || 'data/images'),
    webDir: resolve(env.WEB_DIR || 'dist/web'),
    contactEnabled: flag(env, 'CONTACT_ENABLED'),
    previewSecret: previewSecret(env.PREVIEW_SECRET),
    contactMail: contactMailConfig(env),
    trustProxy: trustProxy(env.TRUST_PROXY),
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    http: httpConfig(env),
    cachePolicy: {
      maxAge: integer(env, 'CACHE_MAX_AGE', 60, 0, 31_536_000),
      sharedMaxAge: integer(env, 'CACHE_S_MAXAGE', 300, 0, 31_536_000),
      staleWhileRevalidate: integer(env, 'CACHE_STALE_WHILE_REVALIDATE', 600, 0, 31_536_000),
    },
    cacheBytes: {
      api: integer(env, 'API_CACHE_MB', 8, 1, 4096) * MB,
      pages: integer(env, 'PAGE_CACHE_MB', 4, 1, 4096) * MB,
    },
  };
}
