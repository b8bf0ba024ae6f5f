import type { Command } from 'commander';
import { masked } from '../server/settings/masked.js';
import {
  describeSource,
  resolveSettingPath,
  SETTINGS_FILE,
  type SettingSource,
  type SiteSettings,
} from '../server/settings/site-file.js';
import {
  SETTING_NAMES,
  SETTINGS,
  type Setting,
  type SettingName,
} from '../server/settings/vocabulary.js';
import { useSite } from './site.js';

/** One setting as `postfolio config` shows it. */
export interface ShownSetting {
  name: SettingName;
  /** The effective value, secrets masked, paths made absolute; null when unset. */
  value: string | null;
  /** What unset means, for a setting without a value. */
  unset?: string;
  source: SettingSource['kind'];
  file?: string;
  line?: number;
}

/** Every setting of the site, in the vocabulary's order, with its value and where it came from. */
export function shownSettings(settings: SiteSettings): ShownSetting[] {
  return SETTING_NAMES.map((name) => {
    const setting: Setting = SETTINGS[name];
    const source = settings.sources[name];
    const raw = settings.env[name] || setting.default;
    // The environment's relative paths are read from the working directory, as the server does.
    const value = raw && masked(name, resolveSettingPath(name, raw, process.cwd()));
    return {
      name,
      value: value || null,
      ...(value ? {} : { unset: setting.unset ?? 'unset' }),
      source: source.kind,
      ...(source.kind === 'file' ? { file: source.file, line: source.line } : {}),
    };
  });
}

/** `postfolio config [dir] [--json]`. */
export function configCommand(dir: string | undefined, options: { json?: boolean }): void {
  const { settings } = useSite(dir);
  const shown = shownSettings(settings);
  if (options.json) {
    console.log(
      JSON.stringify({ site: settings.dir, file: settings.file ?? null, settings: shown }, null, 2),
    );
    return;
  }
  console.log(
    settings.file
      ? `Settings of ${settings.dir}: the environment, then ${settings.file}, then the defaults`
      : `Settings of ${settings.dir} (no ${SETTINGS_FILE}): the environment, then the defaults`,
  );
  const width = Math.max(...shown.map((s) => s.name.length));
  const values = shown.map((s) => s.value ?? `(${s.unset})`);
  const valueWidth = Math.min(48, Math.max(...values.map((v) => v.length)));
  shown.forEach((s, i) =>
    console.log(
      `  ${s.name.padEnd(width)}  ${values[i]!.padEnd(valueWidth)}  ${describeSource(settings.sources[s.name])}`,
    ),
  );
}

export function addConfigCommand(program: Command): void {
  program
    .command('config')
    .summary("print a site's effective settings and where each came from, secrets masked")
    .description(
      `Prints every setting as the commands given this site folder use it: from the environment, ` +
        `else from the folder's ${SETTINGS_FILE} (file and line), else the default. Passwords in ` +
        'URLs, PREVIEW_SECRET and the employer address are masked. A bad value is refused as every ' +
        'command refuses it.',
    )
    .usage('[dir] [--json]')
    .argument('[dir]', 'the site folder (default: CONTENT_DIR, else content)')
    .option('--json', 'print them as JSON')
    .action(configCommand);
}
