import type { Command, CommanderError } from 'commander';

/** A command line that asks for something the command cannot do: exit status 2, one line. */
export class UsageError extends Error {}

/** The exit status of a command line that could not be understood (as most Unix tools use). */
export const USAGE_STATUS = 2;

/** Commander's codes for help or the version being printed: not errors. */
const PRINTED = new Set(['commander.help', 'commander.helpDisplayed', 'commander.version']);

export function isPrintedOutput(error: CommanderError): boolean {
  return PRINTED.has(error.code);
}

/** What each command says when its argument is missing. */
const MISSING: Record<string, string> = {
  import: 'import needs a folder: postfolio import <dir>',
  init: 'init needs a folder to create: postfolio init <dir>',
  new: 'new needs a title: postfolio new "Post title"',
  restore: 'restore needs a backup file: postfolio restore <file>',
  export: 'export needs a folder to write: postfolio export <dir>',
  preview: 'preview needs a post slug: postfolio preview <slug> [--expires 7d]',
  read: 'read needs message ids: postfolio messages read <id...>',
  unread: 'unread needs message ids: postfolio messages unread <id...>',
  delete: 'delete needs message ids: postfolio messages delete <id...>',
};

/** What a command's own help is called by. */
function helpOf(command: Command): string {
  const names: string[] = [];
  for (let at: Command | null = command; at?.parent; at = at.parent) names.unshift(at.name());
  return ['postfolio', ...names, '--help'].join(' ');
}

/** Commander's "(Did you mean x?)", as a lowercase aside. */
function suggestion(message: string): string {
  const match = /\(Did you mean (.+?)\?\)/.exec(message);
  return match ? ` (did you mean ${match[1]}?)` : '';
}

/**
 * One line for a command line Commander refused, naming what was wrong and where to read more:
 * `unknown command "imprt" (did you mean import?); see postfolio --help`.
 */
export function usageLine(error: CommanderError, command: Command): string {
  const { message } = error;
  const quoted = /'([^']*)'/.exec(message)?.[1] ?? '';
  const where = command.parent ? ` for ${command.name()}` : '';
  switch (error.code) {
    case 'commander.unknownCommand':
      return `unknown command "${quoted}"${suggestion(message)}; see ${helpOf(command)}`;
    case 'commander.unknownOption':
      return `unknown option "${quoted}"${where}${suggestion(message)}; see ${helpOf(command)}`;
    case 'commander.missingArgument':
      return (
        MISSING[command.name()] ?? `${message.replace(/^error: /, '')}; see ${helpOf(command)}`
      );
    case 'commander.optionMissingArgument':
      return `option ${quoted.split(' ')[0]} needs a value; see ${helpOf(command)}`;
    case 'commander.excessArguments': {
      const extra = command.args.slice(command.registeredArguments.length);
      return `too many arguments${where}: ${extra.map((a) => `"${a}"`).join(' ')}; see ${helpOf(command)}`;
    }
    default:
      return `${message.replace(/^error: /, '').split('\n')[0]}; see ${helpOf(command)}`;
  }
}
