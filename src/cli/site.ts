import cluster from 'node:cluster';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { ServerConfig } from '../server/config.js';
import {
  configOf,
  siteSettings,
  SETTINGS_FILE,
  type SiteSettings,
} from '../server/settings/site-file.js';
import { SETTING_NAMES } from '../server/settings/vocabulary.js';

/** A site's settings and the server's configuration made of them. */
export interface Site {
  settings: SiteSettings;
  config: ServerConfig;
}

/**
 * The site a command works on: the folder it was given, else CONTENT_DIR, else `content`. Its
 * postfolio.env is read into this process's environment wherever the environment leaves a
 * setting unset, so that what reads the environment itself (the import's threads, the workers of
 * `serve --workers`, a first import's own process) sees the same settings; then every setting is
 * validated, and a bad one stops the command before it does anything.
 */
export function useSite(dir: string | undefined): Site {
  const folder = dir ?? (process.env.CONTENT_DIR || 'content');
  const settings = siteSettings(folder, process.env, dir !== undefined);
  for (const name of SETTING_NAMES)
    if (settings.sources[name].kind !== 'env' && settings.env[name] !== undefined)
      process.env[name] = settings.env[name];
  return { settings, config: configOf(settings) };
}

/**
 * Before a command opens the store: when neither the environment nor the site's file names it,
 * the default store relative to the working directory is used, which may not be the one meant,
 * so the command says which (on stderr, once per process tree).
 */
export function announceDefaultStore(site: Site): void {
  if (site.settings.sources.DATABASE_URL.kind !== 'default' || cluster.isWorker) return;
  const where = site.settings.file
    ? `neither the environment nor ${site.settings.file} sets DATABASE_URL`
    : `DATABASE_URL is unset and ${site.settings.dir} has no ${SETTINGS_FILE}`;
  console.error(`postfolio: ${where}: using sqlite:${resolve(site.config.databaseUrl)}`);
}

/** `--site <dir>`, for the commands that are not otherwise given the site folder. */
export function siteOption(command: Command): Command {
  return command.option(
    '--site <dir>',
    `the site folder whose ${SETTINGS_FILE} is read (default: CONTENT_DIR, else content)`,
  );
}
