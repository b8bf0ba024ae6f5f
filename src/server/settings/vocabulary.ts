import { fileURLToPath } from 'node:url';

/**
 * Every setting of the server and the CLI, by the name it has both in the environment and in a
 * site's settings file (postfolio.env): one vocabulary, so that systemd's EnvironmentFile can point
 * at that same file. The defaults and ranges here are the ones `loadConfig` applies.
 */
export interface Setting {
  /** The value used when the setting is set nowhere; absent: unset means off or none. */
  default?: string;
  /** How `postfolio config` shows an unset setting that has no default value. */
  unset?: string;
  /** Integers: the smallest and largest allowed. */
  range?: readonly [number, number];
  /** A relative path, which in a settings file is read from the site folder. */
  path?: true;
  /** What `postfolio config` hides: a URL's password, the whole value, an address's local part. */
  secret?: 'url' | 'whole' | 'address';
  /** Why the setting has no place in a site's settings file (it is set in the environment). */
  notInFile?: string;
}

const ms = (value: number, max: number) => ({ default: String(value), range: [100, max] as const });
const seconds = (value: number) => ({ default: String(value), range: [0, 31_536_000] as const });

export const SETTINGS = {
  PORT: { default: '3000', range: [0, 65_535] },
  HOST: { default: '0.0.0.0' },
  DATABASE_URL: { default: 'data/postfolio.db', path: true, secret: 'url' },
  EMPLOYER_EMAIL: { unset: 'gate stays shut', secret: 'address' },
  LOG_LEVEL: { default: 'info' },
  NODE_ENV: { unset: 'production under serve' },
  PAGE_SIZE: { default: '12', range: [1, 100] },
  CONTENT_DIR: {
    default: 'content',
    notInFile: 'the folder that holds the settings file is the content folder',
  },
  IMAGES_DIR: { default: 'data/images', path: true },
  CONTACT_ENABLED: { unset: 'off' },
  SMTP_URL: { unset: 'no mail', secret: 'url' },
  CONTACT_NOTIFY_TO: { unset: 'contact.email of site.yaml' },
  CONTACT_NOTIFY_FROM: { unset: 'the recipient' },
  TRUST_PROXY: { unset: 'off' },
  PUBLIC_URL: { unset: 'site.url of site.yaml' },
  PREVIEW_SECRET: { unset: 'a secret kept in the store', secret: 'whole' },
  HEADERS_TIMEOUT_MS: ms(10_000, 600_000),
  REQUEST_TIMEOUT_MS: ms(30_000, 3_600_000),
  KEEP_ALIVE_TIMEOUT_MS: ms(72_000, 3_600_000),
  DRAIN_TIMEOUT_MS: { default: '8000', range: [0, 60_000] },
  OVERLOAD_MAX_DELAY_MS: { default: '100', range: [0, 60_000] },
  OVERLOAD_TARGET_MS: { default: '300', range: [1, 60_000] },
  OVERLOAD_INTERVAL_MS: { default: '0', range: [0, 60_000] },
  OVERLOAD_NEWEST_FIRST: { unset: 'off' },
  OVERLOAD_MAX_IN_FLIGHT: { default: '128', range: [0, 100_000] },
  CACHE_MAX_AGE: seconds(60),
  CACHE_S_MAXAGE: seconds(300),
  CACHE_STALE_WHILE_REVALIDATE: seconds(600),
  API_CACHE_MB: { default: '8', range: [1, 4096] },
  PAGE_CACHE_MB: { default: '4', range: [1, 4096] },
  ANALYTICS: { default: 'on' },
  ANALYTICS_FLUSH_SECONDS: { default: '5', range: [1, 300] },
  ANALYTICS_HOURLY_DAYS: { default: '7', range: [1, 90] },
  ANALYTICS_DAILY_DAYS: { default: '90', range: [1, 3660] },
  ANALYTICS_RETENTION_DAYS: { default: '730', range: [1, 36_600] },
  ANALYTICS_BEACON: { unset: 'off' },
  WEB_DIR: {
    // The package's own build, from src/server/settings and dist/server/settings alike: the
    // server is started from the owner's folder, not from the package.
    default: fileURLToPath(new URL('../../../dist/web', import.meta.url)),
    notInFile: 'the web build belongs to the installed package, not to a site',
  },
  POSTFOLIO_IMPORT_THREADS: { unset: 'one per core', range: [0, 64] },
} as const satisfies Record<string, Setting>;

export type SettingName = keyof typeof SETTINGS;

export const SETTING_NAMES = Object.keys(SETTINGS) as SettingName[];

export function isSettingName(name: string): name is SettingName {
  return Object.hasOwn(SETTINGS, name);
}

/** The setting's value when it is set nowhere (the empty string counts as unset). */
export function defaultOf(name: SettingName): string | undefined {
  const setting: Setting = SETTINGS[name];
  return setting.default;
}

/** The integer settings, which `loadConfig` reads with their range. */
export type IntegerSetting = {
  [K in SettingName]: (typeof SETTINGS)[K] extends { range: readonly [number, number] } ? K : never;
}[SettingName];

/** The log levels pino knows, quietest last. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
