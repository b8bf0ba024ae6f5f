import { isIP } from 'node:net';
import { withoutTrailingSlashes } from '../shared/paths.js';
import { resolve } from 'node:path';
import { ConfigError } from './config-error.js';
import { contactMailConfig, type ContactMailConfig } from './contact/mail-config.js';
import type { CachePolicyConfig } from './cache/cache-policy.js';
import type { AnalyticsConfig } from './analytics/analytics-config.js';
import type { FrontDoorConfig } from './http/front/front-door.js';
import type { OverloadConfig } from './http/front/load-shedder.js';
import {
  defaultOf,
  LOG_LEVELS,
  SETTINGS,
  type IntegerSetting,
  type SettingName,
} from './settings/vocabulary.js';

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
  /** A SQLite file path or a postgres:// URL; DATABASE_URL, else the default file. */
  databaseUrl: string;
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
  /** What the server counts of its answers, and how long it keeps the counts (analytics/). */
  analytics: AnalyticsConfig;
}

export { ConfigError };

/** A setting's value: the environment's unless empty, else its default. */
function value(env: NodeJS.ProcessEnv, name: SettingName): string | undefined {
  return env[name] || defaultOf(name);
}

/** An integer setting, within the range the vocabulary gives it. */
function integer(env: NodeJS.ProcessEnv, name: IntegerSetting): number {
  const [min, max] = SETTINGS[name].range;
  const raw = value(env, name) ?? '';
  const number = Number(raw);
  if (!/^\s*-?\d+\s*$/.test(raw) || !Number.isInteger(number) || number < min || number > max)
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`, name);
  return number;
}

const ON = /^(1|true|yes|on)$/i;
const OFF = /^(|0|false|no|off)$/i;

/** A switch: on (1, true, yes, on) or off (unset, 0, false, no, off); anything else is refused. */
function flag(env: NodeJS.ProcessEnv, name: SettingName): boolean {
  const raw = (value(env, name) ?? '').trim();
  if (ON.test(raw)) return true;
  if (OFF.test(raw)) return false;
  throw new ConfigError(
    `${name} must be 1, true, yes or on (or 0, false, no, off), got "${raw}"`,
    name,
  );
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
      throw new ConfigError(
        `TRUST_PROXY must count at most ${MAX_HOPS} proxies, got "${raw}"`,
        'TRUST_PROXY',
      );
    return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !trustedAddress(entry));
  if (bad.length)
    throw new ConfigError(
      `TRUST_PROXY must be a number of proxies or a comma-separated list of their addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8); "${bad.join('", "')}" is neither`,
      'TRUST_PROXY',
    );
  return entries;
}

const MB = 1024 * 1024;

/** The listener's settings; `integer` validates each, and the header timeout must fit the request's. */
function httpConfig(env: NodeJS.ProcessEnv): FrontDoorConfig {
  const headersTimeoutMs = integer(env, 'HEADERS_TIMEOUT_MS');
  const requestTimeoutMs = integer(env, 'REQUEST_TIMEOUT_MS');
  if (headersTimeoutMs > requestTimeoutMs)
    throw new ConfigError(
      `HEADERS_TIMEOUT_MS (${headersTimeoutMs}) must not exceed REQUEST_TIMEOUT_MS (${requestTimeoutMs})`,
      'HEADERS_TIMEOUT_MS',
    );
  return {
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs: integer(env, 'KEEP_ALIVE_TIMEOUT_MS'),
    drainTimeoutMs: integer(env, 'DRAIN_TIMEOUT_MS'),
    overload: overloadConfig(env),
  };
}

/** The shedder's settings; OVERLOAD_INTERVAL_MS=0 sheds as soon as a request is late. */
function overloadConfig(env: NodeJS.ProcessEnv): OverloadConfig {
  const intervalMs = integer(env, 'OVERLOAD_INTERVAL_MS');
  return {
    maxDelayMs: integer(env, 'OVERLOAD_MAX_DELAY_MS'),
    maxInFlight: integer(env, 'OVERLOAD_MAX_IN_FLIGHT'),
    ...(intervalMs > 0 && {
      standing: {
        targetMs: integer(env, 'OVERLOAD_TARGET_MS'),
        intervalMs,
        newestFirst: flag(env, 'OVERLOAD_NEWEST_FIRST'),
      },
    }),
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
      'PREVIEW_SECRET',
    );
  return raw;
}

/** DATABASE_URL: a SQLite file (a path, or sqlite:path) or a postgres:// URL; other URLs are refused. */
function databaseUrl(raw: string): string {
  const shape =
    'DATABASE_URL must be a SQLite file path (data/postfolio.db) or postgres://user@host:5432/database';
  if (/^postgres(ql)?:\/\//.test(raw)) {
    if (!URL.canParse(raw)) throw new ConfigError(`${shape}; it is not a URL`, 'DATABASE_URL');
    return raw;
  }
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(raw)?.[1];
  if (scheme && scheme.toLowerCase() !== 'sqlite')
    throw new ConfigError(`${shape}; "${scheme}:" is neither`, 'DATABASE_URL');
  return raw;
}

/** LOG_LEVEL: one of pino's levels. */
function logLevel(raw: string): string {
  if ((LOG_LEVELS as readonly string[]).includes(raw)) return raw;
  throw new ConfigError(
    `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${raw}"`,
    'LOG_LEVEL',
  );
}

/** PUBLIC_URL: an http(s) origin such as https://example.com; a trailing slash is dropped. */
function publicUrl(raw: string | undefined): string | undefined {
  const value = raw === undefined ? undefined : withoutTrailingSlashes(raw.trim());
  if (!value) return undefined;
  if (!/^https?:\/\/[^/\s]/i.test(value) || !URL.canParse(value))
    throw new ConfigError(
      `PUBLIC_URL must be an absolute http:// or https:// address such as https://example.com, got "${raw}"`,
      'PUBLIC_URL',
    );
  return value;
}

/** EMPLOYER_EMAIL: one address, normalized; unset keeps the gate shut. */
function employerEmail(raw: string | undefined): string {
  const value = normalizeEmail(raw ?? '');
  if (value && !/^[^\s@,;<>"]+@[^\s@,;<>"]+$/.test(value))
    throw new ConfigError(
      `EMPLOYER_EMAIL must be one e-mail address such as hiring@example.com, got "${raw}"`,
      'EMPLOYER_EMAIL',
    );
  return value;
}

/**
 * The server's settings from an environment (the process's, with a site's postfolio.env already
 * merged in by settings/site-file.ts), each validated; a bad one throws a ConfigError naming it
 * and what it allows.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dir = (name: 'CONTENT_DIR' | 'IMAGES_DIR' | 'WEB_DIR') => resolve(value(env, name) ?? '');
  // Read by the import's parser pool itself; checked here so that a bad value stops the start.
  if (env.POSTFOLIO_IMPORT_THREADS) integer(env, 'POSTFOLIO_IMPORT_THREADS');
  return {
    port: integer(env, 'PORT'),
    host: value(env, 'HOST') ?? '',
    databaseUrl: databaseUrl(value(env, 'DATABASE_URL') ?? ''),
    employerEmail: employerEmail(env.EMPLOYER_EMAIL),
    logLevel: logLevel(value(env, 'LOG_LEVEL') ?? ''),
    pageSize: integer(env, 'PAGE_SIZE'),
    contentDir: dir('CONTENT_DIR'),
    imagesDir: dir('IMAGES_DIR'),
    webDir: dir('WEB_DIR'),
    contactEnabled: flag(env, 'CONTACT_ENABLED'),
    previewSecret: previewSecret(env.PREVIEW_SECRET),
    contactMail: contactMailConfig(env),
    trustProxy: trustProxy(env.TRUST_PROXY),
    publicUrl: publicUrl(env.PUBLIC_URL),
    http: httpConfig(env),
    cachePolicy: {
      maxAge: integer(env, 'CACHE_MAX_AGE'),
      sharedMaxAge: integer(env, 'CACHE_S_MAXAGE'),
      staleWhileRevalidate: integer(env, 'CACHE_STALE_WHILE_REVALIDATE'),
    },
    cacheBytes: {
      api: integer(env, 'API_CACHE_MB') * MB,
      pages: integer(env, 'PAGE_CACHE_MB') * MB,
    },
    analytics: {
      enabled: flag(env, 'ANALYTICS'),
      flushMs: integer(env, 'ANALYTICS_FLUSH_SECONDS') * 1000,
      hourlyDays: integer(env, 'ANALYTICS_HOURLY_DAYS'),
      dailyDays: integer(env, 'ANALYTICS_DAILY_DAYS'),
      retentionDays: integer(env, 'ANALYTICS_RETENTION_DAYS'),
      beacon: flag(env, 'ANALYTICS_BEACON'),
    },
  };
}
