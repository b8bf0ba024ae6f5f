import { CommanderError } from 'commander';
import { ReportedFailure } from '../server/first-import.js';
import { buildProgram } from './program.js';
import { USAGE_STATUS, UsageError } from './usage.js';

/** An error's message; a connection refused on every address (AggregateError) has none of its own. */
function messageOf(error: Error): string {
  if (error.message) return error.message;
  if (error instanceof AggregateError)
    return error.errors.map((e) => String(e?.message ?? e)).join('; ');
  return [error.name, (error as { code?: unknown }).code].filter(Boolean).join(' ');
}

/**
 * The exit status and the one line a failure prints. Errors meant for the user (a bad file, a
 * locked store, a bad environment) carry their message; any other prints its message too, with
 * the stack only when LOG_LEVEL=debug.
 */
function failure(error: unknown): { status: number; line?: string } {
  if (error instanceof CommanderError) return { status: error.exitCode };
  if (error instanceof UsageError) return { status: USAGE_STATUS, line: error.message };
  if (error instanceof ReportedFailure) return { status: error.status };
  if (!(error instanceof Error)) return { status: 1, line: String(error) };
  const debug = process.env.LOG_LEVEL === 'debug' && error.stack ? `\n${error.stack}` : '';
  return { status: 1, line: `${messageOf(error)}${debug}` };
}

/**
 * Runs one `postfolio` command line (`argv` as `process.argv` holds it: node, the script, then
 * the arguments) and resolves with its exit status, having printed a failure's one line. A
 * command that ends without a failure may have set its status itself (init, stopped: 130). Tests
 * run the commands that need no process of their own through it.
 */
export async function runCli(argv: readonly string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv);
    return Number(process.exitCode ?? 0);
  } catch (error) {
    const { status, line } = failure(error);
    if (line !== undefined) console.error(`postfolio: ${line}`);
    return status;
  }
}
