import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { ConfigError } from '../config-error.js';
import { loadConfig, type ServerConfig } from '../config.js';
import { isSettingName, SETTING_NAMES, SETTINGS, type SettingName } from './vocabulary.js';

/** The settings file of a site folder, beside its site.yaml. */
export const SETTINGS_FILE = 'postfolio.env';

/** Where a setting's effective value came from. */
export type SettingSource =
  | { kind: 'env' }
  | { kind: 'file'; file: string; line: number }
  | { kind: 'argument' }
  | { kind: 'default' };

/** One line of a settings file that sets something. */
export interface FileSetting {
  name: SettingName;
  value: string;
  line: number;
}

/** A site's settings: the environment first, then its postfolio.env, then the defaults. */
export interface SiteSettings {
  /** The site folder, absolute. */
  dir: string;
  /** Its settings file as named in messages, when it has one. */
  file: string | undefined;
  /** The environment with the file's settings added where the environment leaves them unset. */
  env: NodeJS.ProcessEnv;
  sources: Record<SettingName, SettingSource>;
}

/** A near name for a misspelt one: the same letters in another case, or one or two edits away. */
function closest(name: string): SettingName | undefined {
  const distance = (a: string, b: string) => {
    let row = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
      const next = [i];
      for (let j = 1; j <= b.length; j++)
        next[j] = Math.min(
          row[j]! + 1,
          next[j - 1]! + 1,
          row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
        );
      row = next;
    }
    return row[b.length]!;
  };
  const upper = name.toUpperCase();
  return SETTING_NAMES.find((known) => known === upper || distance(known, upper) <= 2);
}

/**
 * Whether a line opens a quoted value it never closes. Node's parseEnv keeps such a value with
 * its quote (Node 22 and 24; Node 20 dropped the line): refused, not read as part of the value.
 */
function unclosedQuote(source: string, value: string | undefined): boolean {
  const quote = /^[^=]*=\s*(["'`])/.exec(source)?.[1];
  return quote !== undefined && value?.startsWith(quote) === true;
}

/**
 * The settings of a postfolio.env text: dotenv lines (`NAME=value`, `export NAME=value`, quotes,
 * `#` comments), one setting per line, read with Node's own parser. A line that is no setting,
 * a name outside the vocabulary, a setting the file may not hold, or one set twice is refused
 * with the file, the line and what is allowed.
 */
export function parseSettingsFile(text: string, file: string): FileSetting[] {
  const settings: FileSetting[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((source, index) => {
    const line = index + 1;
    const at = `${file}:${line}`;
    if (/^\s*(#|$)/.test(source)) return;
    const parsed = Object.entries(parseEnv(source));
    const [entry] = parsed;
    if (!entry || parsed.length > 1 || unclosedQuote(source, entry[1]))
      throw new ConfigError(
        `${at}: "${source.trim()}" is not a setting; write NAME=value (# starts a comment)`,
      );
    const [name, value] = entry;
    if (!isSettingName(name)) {
      const near = closest(name);
      throw new ConfigError(
        `${at}: unknown setting "${name}"${near ? ` (did you mean ${near}?)` : ''}; ` +
          'the settings are the environment variables of docs/configuration.md (postfolio config lists them)',
      );
    }
    const reason = (SETTINGS[name] as { notInFile?: string }).notInFile;
    if (reason)
      throw new ConfigError(`${at}: ${name} cannot be set in ${SETTINGS_FILE}: ${reason}`, name);
    const twice = settings.find((setting) => setting.name === name);
    if (twice)
      throw new ConfigError(
        `${at}: ${name} is set twice (also on line ${twice.line}); keep one`,
        name,
      );
    settings.push({ name, value: value ?? '', line });
  });
  return settings;
}

/**
 * A path setting read from a site's file, made absolute against the site folder: a relative
 * store, images folder or build in the file means the site's own, wherever the command runs. A
 * PostgreSQL URL and SQLite's `:memory:` are not paths.
 */
export function resolveSettingPath(name: SettingName, value: string, base: string): string {
  if (!value || !(SETTINGS[name] as { path?: true }).path) return value;
  if (name !== 'DATABASE_URL') return resolve(base, value);
  if (/^postgres(ql)?:\/\//.test(value) || value === ':memory:') return value;
  const file = value.replace(/^sqlite:(\/\/)?/, '');
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(file) ? value : resolve(base, file);
}

/** The settings file of `dir`, or undefined when the folder has none. */
function readSettingsFile(dir: string): { file: string; settings: FileSetting[] } | undefined {
  const file = join(dir, SETTINGS_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    // No such folder, or a file where the folder should be: the command says so itself.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
  return { file, settings: parseSettingsFile(text, file) };
}

/**
 * The settings of the site in `dir`: each setting the environment sets (non-empty) wins, then its
 * postfolio.env, then the default. `given`: the folder was named on the command line, so it is
 * the content folder whatever CONTENT_DIR says.
 */
export function siteSettings(dir: string, env: NodeJS.ProcessEnv, given: boolean): SiteSettings {
  const absolute = resolve(dir);
  const read = readSettingsFile(dir);
  const merged: NodeJS.ProcessEnv = { ...env };
  const sources = {} as Record<SettingName, SettingSource>;
  for (const name of SETTING_NAMES) sources[name] = { kind: env[name] ? 'env' : 'default' };
  for (const { name, value, line } of read?.settings ?? []) {
    if (env[name]) continue;
    merged[name] = resolveSettingPath(name, value, absolute);
    sources[name] = { kind: 'file', file: read!.file, line };
  }
  if (given) {
    merged.CONTENT_DIR = absolute;
    sources.CONTENT_DIR = { kind: 'argument' };
  }
  return { dir: absolute, file: read?.file, env: merged, sources };
}

/** Where a setting's value came from, in words: `environment`, `my-site/postfolio.env:3`, … */
export function describeSource(source: SettingSource): string {
  if (source.kind === 'file') return `${source.file}:${source.line}`;
  return { env: 'environment', argument: 'command line', default: 'default' }[source.kind];
}

/**
 * The server's settings of a site, validated; a bad value from its file is refused with the
 * file and line before the setting's name and what it allows.
 */
export function configOf(settings: SiteSettings): ServerConfig {
  try {
    return loadConfig(settings.env);
  } catch (error) {
    const name = error instanceof ConfigError ? error.setting : undefined;
    const source = name && isSettingName(name) ? settings.sources[name] : undefined;
    if (source?.kind !== 'file') throw error;
    throw new ConfigError(`${describeSource(source)}: ${(error as Error).message}`, name);
  }
}
