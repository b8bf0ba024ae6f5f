// Child processes: running a command to completion, stopping one, and reading what a live one
// uses from Linux's /proc.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { ROOT } from './paths.js';

/**
 * Runs a command to completion (in the repository, or `cwd`), inheriting output unless quiet;
 * rejects on a non-zero exit.
 */
export function run(cmd, args, { env = {}, quiet = false, cwd = ROOT } = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolvePromise(output)
        : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}\n${output.slice(-2000)}`)),
    );
  });
}

/** SIGTERM, then SIGKILL after 10 s; resolves once the child has exited. */
export async function stopChild(child) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Peak and current resident memory of a live process, in MB. */
export function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
    return { hwmMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 };
  } catch {
    return { hwmMb: NaN, rssMb: NaN };
  }
}

/** Linux's USER_HZ, which /proc/PID/stat counts in: 100 on every mainstream build. */
const CLOCK_TICKS = 100;

/** CPU time (user + system) a process has used so far, in ms; NaN when /proc cannot tell. */
export function cpuMsOf(pid) {
  try {
    // Fields after the command name; utime and stime are the 12th and 13th, in clock ticks.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1000 / CLOCK_TICKS);
  } catch {
    return NaN;
  }
}
