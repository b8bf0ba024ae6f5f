// compare-builds' deterministic method (BENCH_METHOD=instructions): the build before (A), this
// build (B), B with ANALYTICS=off and a bare node:http server sending B's bytes and headers, each
// under callgrind (instruction-count.js), in instructions an answer on the same cached URLs. A / B
// is issue 35's bar; B − (B with ANALYTICS=off) is what counting costs an answer; B / bare is the
// issue's ratio to a bare server.
import { get } from 'node:http';
import { join } from 'node:path';
import { fmt, table } from './print.js';
import { ROOT } from './paths.js';
import { recordBar } from './results.js';
import { median } from './stats.js';
import { COUNTED_VIEW_HEADERS } from './visitor.js';
import { envInt } from './env.js';
import { instructionsPerAnswer, startCounted } from './instruction-count.js';
import { stopChild } from './processes.js';

const warmup = envInt('BENCH_INSTR_WARMUP', 10_000);
const windows = envInt('BENCH_INSTR_WINDOWS', 5);
const answers = envInt('BENCH_INSTR_ANSWERS', 2_000);
const starts = envInt('BENCH_INSTR_STARTS', 1);

/**
 * Under valgrind a server runs 20–50 times slower, and stalls of seconds (a dump, a loaded host)
 * met the 10 s headers timeout (a 408 on a kept-alive connection): the longest allowed instead.
 * The connections' check runs once a second with either.
 */
const SLOW_HOST = { HEADERS_TIMEOUT_MS: '600000', REQUEST_TIMEOUT_MS: '600000' };

/** Headers node:http writes itself, or that depend on the connection or the body's length. */
const OWN_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

/**
 * Runs the four servers `starts` times (two at a time: A with B, then B off with the bare
 * server), prints the table and records the bar. `serverSpec(build, port, extraEnv)` gives
 * `{ command, args, cwd, env }` for a build's `postfolio serve` with its own `npm start` flags;
 * `bareArgs` are the node flags the bare server runs with (B's).
 */
export async function compareByInstructions({ A, B, paths, port, floor, serverSpec, bareArgs }) {
  console.log(
    `method: instructions (valgrind --tool=callgrind); per server and URL ${fmt(warmup)} requests uncounted, then ${windows} windows of ${fmt(answers)} counted, on 10 keep-alive connections; the figure: the main thread's instructions an answer in the window with the fewest (compiling, GC and the analytics' batch writes only add); ${starts} start${starts > 1 ? 's' : ''} of each server`,
  );
  const figures = { A: {}, B: {}, off: {}, bare: {} };
  const note = (which, results) => {
    for (const [path, r] of Object.entries(results)) (figures[which][path] ??= []).push(r);
  };
  const request = { paths, headers: COUNTED_VIEW_HEADERS, warmup, windows, answers };
  for (let start = 0; start < starts; start++) {
    // B first: its answers (bytes and headers) are what the bare server sends.
    const bare = {};
    await Promise.all([
      counted('A', serverSpec(A, port, SLOW_HOST), port, request).then((r) => note('A', r)),
      counted('B', serverSpec(B, port + 1, SLOW_HOST), port + 1, request, async (url) => {
        for (const path of paths) bare[path] = await answerOf(url, path);
      }).then((r) => note('B', r)),
    ]);
    const bareSpec = {
      command: process.execPath,
      args: [...bareArgs, join(ROOT, 'bench', 'lib', 'bare-server.js')],
      cwd: ROOT,
      env: { ...process.env, PORT: String(port + 3) },
      input: JSON.stringify(bare),
      ready: '/__ready',
    };
    await Promise.all([
      counted(
        'B-analytics-off',
        serverSpec(B, port + 2, { ...SLOW_HOST, ANALYTICS: 'off' }),
        port + 2,
        request,
      ).then((r) => note('off', r)),
      counted('bare', bareSpec, port + 3, request).then((r) => note('bare', r)),
    ]);
  }
  report({ figures, paths, floor, A });
}

/** One server under callgrind: started, `before(url)` run, counted on every path, stopped. */
async function counted(name, spec, port, request, before) {
  const url = `http://127.0.0.1:${port}`;
  const server = await startCounted({
    name,
    command: spec.command,
    args: spec.args,
    cwd: spec.cwd,
    env: spec.env,
    input: spec.input,
    readyUrl: `${url}${spec.ready ?? '/healthz'}`,
  });
  try {
    await before?.(url);
    return await instructionsPerAnswer(server, { port, ...request });
  } finally {
    await stopChild(server.child);
  }
}

/**
 * The body and headers of a counted view of `path`, for the bare server to send as they are; by
 * node:http rather than fetch, which would ask for a compressed answer.
 */
function answerOf(url, path) {
  return new Promise((resolve, reject) => {
    get(`${url}${path}`, { headers: COUNTED_VIEW_HEADERS }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => {
        const headers = Object.fromEntries(
          Object.entries(res.headers).filter(([name]) => !OWN_HEADERS.has(name)),
        );
        resolve({ body, contentType: res.headers['content-type'], headers });
      });
    }).on('error', reject);
  });
}

function report({ figures, paths, floor, A }) {
  const at = (which, path) => median(figures[which][path].map((r) => r.perAnswer));
  const each = (which, path) =>
    figures[which][path].length > 1
      ? ` [${figures[which][path].map((r) => fmt(Math.round(r.perAnswer))).join(', ')}]`
      : '';
  const spread = (which, path) =>
    Math.max(...figures[which][path].map((r) => (r.max - r.perAnswer) / r.perAnswer)) * 100;
  const rows = paths.map((path) => {
    const [a, b, off, bare] = ['A', 'B', 'off', 'bare'].map((w) => at(w, path));
    return { path, a, b, off, bare };
  });
  console.log();
  table(
    [
      'URL',
      'A instr. an answer',
      'B',
      'B ANALYTICS=off',
      'bare',
      'A / B',
      'B / bare',
      'counting: B − off',
      "windows' spread (widest)",
      'other threads, B',
    ],
    rows.map(({ path, a, b, off, bare }) => [
      path,
      fmt(Math.round(a)) + each('A', path),
      fmt(Math.round(b)) + each('B', path),
      fmt(Math.round(off)) + each('off', path),
      fmt(Math.round(bare)) + each('bare', path),
      (a / b).toFixed(3),
      (b / bare).toFixed(2),
      `${fmt(Math.round(b - off))} (${(((b - off) / b) * 100).toFixed(1)} %)`,
      `${Math.max(...['A', 'B', 'off', 'bare'].map((w) => spread(w, path))).toFixed(1)} %`,
      fmt(Math.round(median(figures.B[path].map((r) => r.othersPerAnswer)))),
    ]),
  );
  console.log("\nEach window, main thread's instructions an answer (one list a start):");
  const names = { A: 'A', B: 'B', off: 'B ANALYTICS=off', bare: 'bare' };
  for (const path of paths)
    for (const [which, name] of Object.entries(names))
      console.log(
        `  ${path} ${name}: ${figures[which][path].map((r) => r.windows.map((w) => fmt(Math.round(w))).join(' ')).join(' | ')}`,
      );
  console.log(
    `(dumps of each server's last window: .bench/callgrind/; callgrind_annotate one to see where the instructions go)`,
  );
  for (const { path, a, b, off, bare } of rows) {
    recordBar({
      bar: `cached ${path}: instructions an answer (callgrind, main thread), the build before (${A.short}) over this build`,
      figure: `${(a / b).toFixed(3)} (${fmt(Math.round(a))} → ${fmt(Math.round(b))})`,
      target: `≥ ${floor.toFixed(2)} (within noise)`,
      pass: a / b >= floor,
    });
    recordBar({
      bar: `cached ${path}: counting an answer as a view, instructions (ANALYTICS=on − off)`,
      figure: `${fmt(Math.round(b - off))} (${(((b - off) / b) * 100).toFixed(1)} % of ${fmt(Math.round(b))}); this build over a bare node:http server ${(b / bare).toFixed(2)}`,
    });
  }
}
