import { spawnSync } from 'node:child_process';
import { Console } from 'node:console';
import { resolve } from 'node:path';
import { runCli } from '../../src/cli/run.js';
import { requireBuiltCli } from './built-cli.js';

/** What a run of `postfolio` left: its exit status and everything it printed on each stream. */
export interface CliRun {
  code: number | null;
  out: string;
  err: string;
}

/** The settings every run starts from: the tests' environment, logs of warnings and worse. */
const BASE_ENV = { LOG_LEVEL: 'warn' };

/**
 * Runs `postfolio …args` of the build in a process of its own, as a user does (`npm test`
 * builds first). For what only a process shows: exit statuses, the streams as a shell sees
 * them, threads that need the compiled worker, signals.
 */
export function postfolioProcess(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  cwd?: string,
): CliRun {
  const bin = resolve('bin/postfolio.js');
  requireBuiltCli();
  const result = spawnSync(process.execPath, [bin, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...BASE_ENV, ...env },
    timeout: 60_000,
    cwd,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

type Write = typeof process.stdout.write;

/**
 * Runs `postfolio …args` in this process (src/cli/run.ts), as `postfolioProcess` would in its
 * own: `env` over this process's environment, `cwd` as the working directory, stdout and stderr
 * captured, neither a terminal. The environment, the directory and the exit status are put back
 * after it, what a command wrote into the environment (a site's postfolio.env) included. Runs
 * must not overlap: they borrow the process's streams.
 */
export async function postfolioInProcess(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  cwd?: string,
): Promise<CliRun> {
  const saved = {
    env: { ...process.env },
    cwd: process.cwd(),
    exitCode: process.exitCode,
    console: globalThis.console,
    writes: [process.stdout.write, process.stderr.write] as const,
    ttys: [process.stdout.isTTY, process.stderr.isTTY] as const,
  };
  const printed = { out: '', err: '' };
  const capture = (stream: keyof typeof printed): Write =>
    ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      printed[stream] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
      const done = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
      done?.();
      return true;
    }) as Write;
  try {
    Object.assign(process.env, BASE_ENV, env);
    for (const [name, value] of Object.entries(env))
      if (value === undefined) delete process.env[name];
    if (cwd) process.chdir(cwd);
    process.exitCode = undefined;
    process.stdout.write = capture('out');
    process.stderr.write = capture('err');
    process.stdout.isTTY = false;
    process.stderr.isTTY = false;
    globalThis.console = new Console({ stdout: process.stdout, stderr: process.stderr });
    const code = await runCli([process.execPath, 'postfolio', ...args]);
    return { code, ...printed };
  } finally {
    globalThis.console = saved.console;
    [process.stdout.write, process.stderr.write] = saved.writes;
    [process.stdout.isTTY, process.stderr.isTTY] = saved.ttys;
    process.exitCode = saved.exitCode;
    process.chdir(saved.cwd);
    for (const name of Object.keys(process.env)) if (!(name in saved.env)) delete process.env[name];
    Object.assign(process.env, saved.env);
  }
}
