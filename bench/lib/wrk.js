// Load generation with wrk (C, one thread): on a 2-core host it takes a fraction of the CPU
// autocannon (Node) takes for the same answers, leaving the servers measured steadier.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/**
 * One `wrk -t1 -c<connections>` run of `duration` seconds on one URL with `headers` (an object).
 * Returns answers a second (2xx and 3xx: wrk counts the others apart), the answers sent and
 * those of them that were 2xx or 3xx. `cpu`: the core it runs on (taskset), beside the server it
 * loads.
 */
export async function wrk(url, { duration = 3, connections = 50, headers = {}, cpu } = {}) {
  const { stdout } = await execFileAsync(
    ...pinned(cpu, 'wrk', [
      '-t1',
      `-c${connections}`,
      `-d${duration}s`,
      ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
      url,
    ]),
  );
  const match = /(\d+) requests in ([\d.]+)(ms|s|m)\b/.exec(stdout);
  if (!match) throw new Error(`wrk ${url}: no count in its output\n${stdout}`);
  const total = Number(match[1]);
  const seconds = Number(match[2]) * { ms: 0.001, s: 1, m: 60 }[match[3]];
  const bad = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0);
  const served = total - bad;
  return { rps: served / seconds, total, served, bad };
}

/**
 * `[file, args]` for execFile or spawn that runs `command …args` on core `cpu` (undefined:
 * wherever the scheduler puts it): `pinned(0, 'wrk', ['-t1'])` is `['taskset', ['-c', '0',
 * 'wrk', '-t1']]`.
 */
export function pinned(cpu, command, args) {
  return cpu === undefined ? [command, args] : ['taskset', ['-c', String(cpu), command, ...args]];
}
