import { resolve } from 'node:path';

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
  trustProxy: boolean;
  /** Absolute origin used in canonical links, feeds and the sitemap; falls back to the site config. */
  publicUrl: string | undefined;
}

export class ConfigError extends Error {}

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

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
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
    trustProxy: flag(env, 'TRUST_PROXY'),
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, '') || undefined,
  };
}
