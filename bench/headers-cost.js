// What the API's headers cost by themselves: a bare node:http server (its own process, as the
// app is in the other benchmarks) answering the same 4.9 KB body with the baseline's 2 headers
// (/few) or with the app's 9 (/many), alternating.
// Env: BENCH_ROUNDS (3), BENCH_DURATION (3 s), BENCH_PORT (3291; uses +10).
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { envInt } from './lib/env.js';
import { load } from './lib/load.js';
import { printMachine } from './lib/machine.js';
import { fmt } from './lib/print.js';
import { median } from './lib/stats.js';

const rounds = envInt('BENCH_ROUNDS', 3);
const duration = envInt('BENCH_DURATION', 3);
const port = envInt('BENCH_PORT', 3291) + 10;

const serverCode = `
import { createServer } from 'node:http';
const body = Buffer.from('x'.repeat(4899));
const few = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) };
const many = { ...few,
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff', 'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer', etag: '"abcdefghijklmnopqrstuv"',
  'cache-control': 'public, max-age=0, must-revalidate', vary: 'accept-encoding' };
createServer((req, res) => { res.writeHead(200, req.url === '/many' ? many : few); res.end(body); })
  .listen(${port}, '127.0.0.1');`;

printMachine('Header cost on a bare node:http server');
const server = spawn(process.execPath, ['--input-type=module', '-e', serverCode], {
  stdio: 'ignore',
});
await sleep(500);
const base = `http://127.0.0.1:${port}`;
const ratios = [];
try {
  for (let round = 0; round < rounds; round++) {
    const few = await load(base, ['/few'], { duration });
    const many = await load(base, ['/many'], { duration });
    ratios.push(many.rps / few.rps);
    console.log(
      `  round ${round + 1}: 2 headers ${fmt(few.rps)} req/s, 9 headers ${fmt(many.rps)} req/s → ${(many.rps / few.rps).toFixed(2)}`,
    );
  }
  console.log(`9 headers / 2 headers: ${median(ratios).toFixed(2)} (median of ${rounds} rounds)`);
} finally {
  server.kill();
}
