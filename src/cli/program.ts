import { readFileSync } from 'node:fs';
import { Command, type CommanderError } from 'commander';
import { backupCommand, exportCommand, restoreCommand } from './backup-commands.js';
import { DEV_DESCRIPTION, devCommand } from './dev-command.js';
import {
  importCommand,
  migrateCommand,
  newCommand,
  seedCommand,
  serveCommand,
} from './commands.js';
import { addConfigCommand } from './config-command.js';
import { addInitCommand } from './init-command.js';
import { addMessagesCommand } from './messages-command.js';
import { addPreviewCommand } from './preview-command.js';
import { siteOption } from './site.js';
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
  OVERLOAD_MAX_DELAY_MS, OVERLOAD_MAX_IN_FLIGHT, CACHE_MAX_AGE, CACHE_S_MAXAGE,
  CACHE_STALE_WHILE_REVALIDATE, API_CACHE_MB, PAGE_CACHE_MB (docs/configuration.md)
`;

/** The version of package.json, two folders up from src/cli and from dist/cli alike. */
function packageVersion(): string {
  const file = new URL('../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** A command as the list of commands shows it: its name and usage, without a bare "[options]". */
const subcommandTerm = (command: Command) =>
  `${command.name()} ${command.usage().replace(/^\[options\]$/, '')}`.trim();

/** serve, dev and migrate: the commands that run the site or prepare its store. */
function addServeCommands(program: Command): void {
  program
    .command('serve')
    .summary('migrate, import the content folder into an empty store, and serve')
    .description(
      'Migrates the store, imports the content folder (dir, else CONTENT_DIR) when the store holds no posts, and serves on HOST:PORT. ' +
        'SIGTERM or SIGINT drains (requests in flight and on open connections are answered) and exits 0; ' +
        'SIGHUP restarts the workers of --workers N one at a time.',
    )
    .usage('[dir] [--workers N|auto]')
    .argument(
      '[dir]',
      'the site folder, with its postfolio.env (default: CONTENT_DIR, else content)',
    )
    .option('--workers <n>', 'serve with N processes (1 to 64; auto: one per core)')
    .action(serveCommand);

  program
    .command('dev')
    .summary('preview a content folder: the site reloads itself as files are saved')
    .description(DEV_DESCRIPTION)
    .usage('[dir] [--port N]')
    .argument(
      '[dir]',
      'the site folder, with its postfolio.env (default: CONTENT_DIR, else content)',
    )
    .option('--port <n>', 'the port (default: PORT, else 3000; 0 picks a free one)')
    .action(devCommand);

  siteOption(program.command('migrate'))
    .summary('apply database migrations')
    .usage('[--site DIR]')
    .action(migrateCommand);
}

/** import, seed and new: the commands that write content or bring it into the store. */
function addContentCommands(program: Command): void {
  program
    .command('import')
    .summary('sync a content folder (site.yaml, posts/*.md, images/) into the store')
    .description(
      'Syncs a content folder into the store in one transaction: a bad file changes nothing and is named with its problem. A folder written by `postfolio export` keeps its ids and dates when it is imported into an empty store.',
    )
    .usage('<dir> [--prune]')
    .argument('<dir>', 'the content folder; its postfolio.env names the store')
    .option('--prune', 'also remove posts whose files are gone')
    .action(importCommand);

  siteOption(program.command('seed'))
    .summary('write N generated posts as a content folder and import them')
    .usage('--fake N [--out DIR] [--no-import] [--site DIR]')
    .option('--fake <n>', 'how many posts to write (1 to 1,000,000)')
    .option('--out <dir>', 'where to write them (default data/fake-N)')
    .option('--no-import', 'only write the folder')
    .action(seedCommand);

  program
    .command('new')
    .summary('write a new draft post file into the content folder')
    .description(
      'Writes posts/<slug>.md with front matter (draft: true) that imports as it is, and prints its ' +
        "path. The cover image is images/<slug>.* when there is one, else the folder's first " +
        'image (cover.svg when it has none). An existing file is never overwritten.',
    )
    .usage('"Post title" [--category c] [--dir CONTENT_DIR]')
    .argument('<title...>', 'the post title (quoted, or its words)')
    .option('--category <slug>', 'its category (default: the first of site.yaml)')
    .option('--dir <dir>', 'the content folder (default: CONTENT_DIR, else content)')
    .action(newCommand);
}

/** backup, restore and export: the store as a file or a content folder, and back. */
function addBackupCommands(program: Command): void {
  siteOption(program.command('backup'))
    .summary('write a consistent snapshot of the store, also while the site runs')
    .description(
      'SQLite: a copy of the database file (VACUUM INTO). PostgreSQL: gzip-compressed JSON lines, read in one repeatable-read transaction. Default file: data/backups/postfolio-<time>.db (or .jsonl.gz). An existing file is never overwritten.',
    )
    .usage('[file] [--site DIR]')
    .argument('[file]', 'where to write the backup')
    .action(backupCommand);

  siteOption(program.command('restore'))
    .summary('replace the store with a backup, atomically')
    .description(
      'Checks the backup (integrity, schema version, engine) before it touches the store, then replaces the content in one step and moves the content version, so that running servers serve the restored content.',
    )
    .usage('<file> [--site DIR]')
    .argument('<file>', 'a file written by postfolio backup')
    .action(restoreCommand);

  siteOption(program.command('export'))
    .summary('write the store as a content folder (the way between SQLite and PostgreSQL)')
    .description(
      'Writes site.yaml, posts/<slug>.md, images/, messages.json and export-manifest.json into a new folder. `postfolio import <dir>` into an empty store of either engine gives the same API answers.',
    )
    .usage('<dir> [--site DIR]')
    .argument('<dir>', 'a folder that does not exist yet, or is empty')
    .action(exportCommand);
}

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

  addServeCommands(program);
  addContentCommands(program);
  addBackupCommands(program);
  addInitCommand(program);
  addConfigCommand(program);
  addMessagesCommand(program);
  addPreviewCommand(program);
  oneLineErrors(program);
  return program;
}
