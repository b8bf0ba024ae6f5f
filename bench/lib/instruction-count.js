// Instructions a server runs per answer, counted by valgrind's callgrind instead of timed: on the
// shared 2-core host, CPU time per answer of one build spread 0.47–1.98 between starts, while
// this build against itself counted 0.98–1.02 in instructions. The server runs under callgrind
// with instrumentation off (`--instr-atstart=no`) while it starts and while each URL is warmed up
// (V8 optimizes the hot paths), then `callgrind_control` turns counting on for exactly `answers`
// requests on keep-alive connections, off again, and dumps. `--separate-threads=yes` gives each
// thread its own total: the figure is the main thread's (the event loop: parsing, answering,
// counting, scavenges under `--no-parallel-scavenge`), as the background threads (V8's optimizing
// compiler, concurrent marking) spread 0–50 M instructions a window; they are reported beside it.
// The main thread's windows still differ (a bare server's by 1–5 %, the app's by up to 30 %, the
// first ones highest): what is left of compiling, a major GC and the analytics' batch writes only
// add, so the window with the fewest is the figure. `--smc-check=all`: V8 writes and rewrites
// machine code, which valgrind must see.
import { execFile, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { BENCH_DIR } from './paths.js';
import { waitForHttp } from './servers.js';
import { median } from './stats.js';

const run = promisify(execFile);
const DUMPS_DIR = join(BENCH_DIR, 'callgrind');
/**
 * vgdb names its pipes after $HOST (and $USER), which the app's servers are given: every process
 * started here and every callgrind_control call sees this one.
 */
const VGDB_HOST = '127.0.0.1';

/** Servers started here and not yet stopped: killed if the bench ends early (a failed request). */
const running = new Set();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Whether valgrind (with callgrind_control) can be run here. */
export function valgrindAvailable() {
  return (
    spawnSync('valgrind', ['--version']).status === 0 &&
    spawnSync('callgrind_control', ['--version']).status === 0
  );
}

/**
 * Starts `command args` under callgrind, counting nothing yet, and resolves once `readyUrl`
 * answers. `input`: written to its stdin. Its dumps go to .bench/callgrind/<name>.out.<n>-<thread>
 * (the last window of each URL is kept for callgrind_annotate).
 */
export async function startCounted({ name, command, args, cwd, env, readyUrl, input }) {
  mkdirSync(DUMPS_DIR, { recursive: true });
  const out = join(DUMPS_DIR, `${name}.out`);
  for (const file of readdirSync(DUMPS_DIR))
    if (file.startsWith(`${name}.out`)) rmSync(join(DUMPS_DIR, file));
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      '--smc-check=all',
      '--separate-threads=yes',
      `--callgrind-out-file=${out}`,
      command,
      ...args,
    ],
    { cwd, env: { ...env, HOST: VGDB_HOST }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  running.add(child);
  child.once('exit', () => running.delete(child));
  child.stdin.end(input ?? '');
  let log = '';
  const keep = (d) => (log = (log + d).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  try {
    // Under valgrind the server starts 20–50 times slower.
    await waitForHttp(readyUrl, 300_000, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${name} under callgrind: ${error.message}\n${log}`);
  }
  return { name, child, out, dumps: 0 };
}

async function control(server, ...args) {
  await run('callgrind_control', [...args, String(server.child.pid)], {
    env: { ...process.env, HOST: VGDB_HOST },
  });
}

/**
 * The instructions of one counted window of `answers` requests to `path`, by thread:
 * `{ main, others }` (the main thread's, the sum of the others').
 */
async function countedWindow(server, request, answers, connections) {
  await control(server, '--zero');
  await control(server, '--instr=on');
  await sendRequests({ ...request, count: answers, connections });
  await control(server, '--instr=off');
  await control(server, '--dump=window');
  const n = ++server.dumps;
  const prefix = `${basename(server.out)}.${n}-`;
  const files = readdirSync(DUMPS_DIR).filter((f) => f.startsWith(prefix));
  if (!files.length) throw new Error(`${server.name}: callgrind wrote no dump ${prefix}*`);
  let main = 0;
  let others = 0;
  for (const file of files) {
    const text = readFileSync(join(DUMPS_DIR, file), 'utf8');
    const totals = Number(
      /^totals:\s*(\d+)/m.exec(text)?.[1] ?? /^summary:\s*(\d+)/m.exec(text)?.[1],
    );
    // Thread 1 is the main thread (valgrind numbers threads in the order they start).
    if (file.endsWith('-01')) main = totals;
    else others += totals;
  }
  return { main, others, files };
}

/**
 * Per path: `warmup` requests uncounted, then `windows` counted windows of `answers` requests.
 * Returns, per path, the main thread's instructions an answer (the fewest of the windows, and
 * their median), each window's, and the other threads' (median).
 */
export async function instructionsPerAnswer(
  server,
  { port, paths, headers, warmup, windows, answers, connections = 10 },
) {
  const results = {};
  for (const path of paths) {
    const request = { port, path, headers };
    await sendRequests({ ...request, count: warmup, connections });
    const counted = [];
    for (let w = 0; w < windows; w++) {
      const window = await countedWindow(server, request, answers, connections);
      // Keep the last window's dumps of each path (callgrind_annotate them); drop the rest.
      if (counted.length) for (const f of counted.at(-1).files) rmSync(join(DUMPS_DIR, f));
      counted.push(window);
    }
    const main = counted.map((c) => c.main / answers);
    results[path] = {
      // Noise here only adds (the main thread's share of compiling, a major GC, a batch write of
      // the analytics every 5 s): the fewest instructions a window is the steady cost an answer.
      perAnswer: Math.min(...main),
      median: median(main),
      max: Math.max(...main),
      windows: main,
      othersPerAnswer: median(counted.map((c) => c.others / answers)),
      dumps: counted.at(-1).files.map((f) => join(DUMPS_DIR, f)),
    };
  }
  return results;
}

/**
 * Exactly `count` GETs of `path`, on `connections` keep-alive connections, one after another on
 * each; rejects unless every answer is a 200 with a Content-Length (what a cached answer has).
 */
export async function sendRequests({ port, path, headers, count, connections }) {
  const request = Buffer.from(
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('')}\r\n`,
    'latin1',
  );
  let sent = 0;
  const one = () =>
    new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let buffer = Buffer.alloc(0);
      const next = () => {
        if (sent >= count) {
          socket.end();
          resolve();
          return;
        }
        sent++;
        socket.write(request);
      };
      const fail = (error) => {
        socket.destroy();
        reject(error);
      };
      socket.on('connect', next);
      socket.on('error', fail);
      socket.on('data', (data) => {
        buffer = buffer.length ? Buffer.concat([buffer, data]) : data;
        for (;;) {
          const end = buffer.indexOf('\r\n\r\n');
          if (end < 0) return;
          const head = buffer.subarray(0, end).toString('latin1');
          const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1];
          if (!head.startsWith('HTTP/1.1 200') || length === undefined) {
            fail(new Error(`${path}: not a 200 with a Content-Length:\n${head}`));
            return;
          }
          const total = end + 4 + Number(length);
          if (buffer.length < total) return;
          buffer = buffer.subarray(total);
          next();
        }
      });
    });
  await Promise.all(Array.from({ length: Math.min(connections, count) }, one));
}
