#!/usr/bin/env node
// `npm test`: every check, as CI runs it. Steps that do not depend on each other run side by side
// (the type check, the lint, the server's compile and the web build: none reads what another
// writes), each printing its own output when it ends, then the unit and API tests and the browser
// tests. Prints how long each step took. The server's build only emits (`tsc --noCheck`): the
// type check covers the whole project, tests included, once.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// A run starts a few hundred Node processes (the type check and linters, Vitest's workers, every
// server and command the tests start): they share one compile cache in the checkout, written by
// the first to load each module, which takes about a fifth off each start's CPU.
process.env.NODE_COMPILE_CACHE ??= fileURLToPath(
  new URL('../node_modules/.cache/node-compile-cache', import.meta.url),
);

/**
 * Runs an npm script or a node script and resolves to its record. A step that runs beside another
 * holds its output until it ends; a step alone (the test runners, which print as files end)
 * streams it.
 */
function run(label, command, args, { streamed = false } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: streamed ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      process.stdout.write(Buffer.concat(output));
      console.log(
        `validate: ${label} ${code === 0 ? 'passed' : `FAILED (${code})`} in ${seconds.toFixed(1)} s`,
      );
      resolve({ label, code, seconds });
    });
  });
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const stages = [
  () =>
    Promise.all([
      run('typecheck', npm, ['run', '-s', 'typecheck']),
      // `npm run lint` as two steps: one after the other, they were the stage's longest step and
      // left a core idle at its end.
      run('lint:code', npm, ['run', '-s', 'lint:code']),
      run('lint:format', npm, ['run', '-s', 'lint:format']),
      run('build:server', npm, ['run', '-s', 'build:server']),
      run('build:web', npm, ['run', '-s', 'build:web']),
    ]),
  () => Promise.all([run('bundle size', process.execPath, ['scripts/check-bundle-size.js'])]),
  () =>
    Promise.all([run('unit and API tests', npm, ['run', '-s', 'test:unit'], { streamed: true })]),
  () => Promise.all([run('browser tests', npm, ['run', '-s', 'test:e2e'], { streamed: true })]),
];

const started = performance.now();
const results = [];
let failed = false;
for (const stage of stages) {
  const done = await stage();
  results.push(...done);
  failed = done.some((step) => step.code !== 0);
  if (failed) break;
}
const total = (performance.now() - started) / 1000;
console.log(
  `\nvalidate: ${results.map((step) => `${step.label} ${step.seconds.toFixed(0)} s`).join(', ')}; ` +
    `${total.toFixed(0)} s in all`,
);
process.exitCode = failed ? 1 : 0;
