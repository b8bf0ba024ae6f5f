import { readFileSync } from 'node:fs';
import { Command, type CommanderError } from 'commander';
import { addBackupCommand } from './backup-command.js';
import { addConfigCommand } from './config-command.js';
import { addDevCommand } from './dev-command.js';
import { addExportCommand } from './export-command.js';
import { addImportCommand } from './import-command.js';
import { addInitCommand } from './init-command.js';
import { addMessagesCommand } from './messages-command.js';
import { addMigrateCommand } from './migrate-command.js';
import { addNewCommand } from './new-command.js';
import { addPreviewCommand } from './preview-command.js';
import { addRestoreCommand } from './restore-command.js';
import { addSeedCommand } from './seed-command.js';
import { addServeCommand } from './serve-command.js';
import { addStatsCommand } from './stats-command.js';
import { isPrintedOutput, UsageError, usageLine } from './usage.js';

const ENVIRONMENT = `
\`postfolio <command> --help\` shows a command's own usage and options.

Settings: the environment first, then postfolio.env in the site folder (the folder a command is
given, --site DIR, else CONTENT_DIR, else content), then the defaults; \`postfolio config [dir]\`
shows them and where each came from. The names are the same in both:
  PORT (3000), HOST (0.0.0.0), DATABASE_URL (data/postfolio.db; a file path or postgres://…),
  EMPLOYER_EMAIL, LOG_LEVEL (info), PAGE_SIZE (12), CONTENT_DIR (content), IMAGES_DIR (data/images),
  CONTACT_ENABLED, TRUST_PROXY, PUBLIC_URL, PREVIEW_SECRET
  SMTP_URL, CONTACT_NOTIFY_TO, CONTACT_NOTIFY_FROM (mail for each contact message)
  serve: HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, DRAIN_TIMEOUT_MS,
  OVERLOAD_MAX_DELAY_MS, OVERLOAD_MAX_IN_FLIGHT, OVERLOAD_INTERVAL_MS, OVERLOAD_TARGET_MS,
  OVERLOAD_NEWEST_FIRST, CACHE_MAX_AGE, CACHE_S_MAXAGE,
  CACHE_STALE_WHILE_REVALIDATE, API_CACHE_MB, PAGE_CACHE_MB,
  ANALYTICS (on), ANALYTICS_FLUSH_SECONDS, ANALYTICS_HOURLY_DAYS, ANALYTICS_DAILY_DAYS,
  ANALYTICS_RETENTION_DAYS, ANALYTICS_BEACON (docs/configuration.md, docs/analytics.md)
`;

/** The version of package.json, two folders up from src/cli and from dist/cli alike. */
function packageVersion(): string {
  const file = new URL('../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** A command as the list of commands shows it: its name and usage, without a bare "[options]". */
const subcommandTerm = (command: Command) =>
  `${command.name()} ${command.usage().replace(/^\[options\]$/, '')}`.trim();

/**
 * Every command, in the order `postfolio --help` lists them. Each lives in its own
 * `<name>-command.ts`, which declares it (arguments, options, help) beside what it does.
 */
const COMMANDS: ReadonlyArray<(program: Command) => void> = [
  addServeCommand,
  addDevCommand,
  addMigrateCommand,
  addImportCommand,
  addSeedCommand,
  addNewCommand,
  addBackupCommand,
  addRestoreCommand,
  addExportCommand,
  addInitCommand,
  addConfigCommand,
  addMessagesCommand,
  addPreviewCommand,
  addStatsCommand,
];

/** Each command turns Commander's errors into one line of its own (its name is in the line). */
function oneLineErrors(program: Command): void {
  for (const command of [
    program,
    ...program.commands,
    ...program.commands.flatMap((c) => c.commands),
  ]) {
    command
      .configureOutput({ outputError: () => {} })
      .showSuggestionAfterError(true)
      .exitOverride((error: CommanderError) => {
        if (isPrintedOutput(error)) throw error;
        throw new UsageError(usageLine(error, command));
      });
  }
}

/**
 * The `postfolio` command line. A line Commander cannot parse throws a UsageError of one line;
 * help and the version are printed and end the parse with a CommanderError that
 * `isPrintedOutput` recognizes.
 */
export function buildProgram(): Command {
  const program = new Command('postfolio')
    .description('A news and blog reader with a one-page portfolio: serve it and manage its store.')
    .usage('<command> [options]')
    .version(packageVersion(), '-v, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .helpCommand('help [command]', 'show help for a command')
    .configureHelp({ subcommandTerm })
    .addHelpText('after', ENVIRONMENT);

  for (const addCommand of COMMANDS) addCommand(program);
  oneLineErrors(program);
  return program;
}
