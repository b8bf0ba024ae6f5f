// How soon `postfolio dev` shows a save: a copy of the demo content served by `postfolio dev`,
// a Chromium tab open on a post and a listener on the event stream beside it, and
// BENCH_DEV_SAVES saves, each of a post drawn at random from the folder, given a new title. Per
// save: the time until the listener is told (save → event), until the tab shows the new title
// (it reloads itself), and the import round's own time as `postfolio dev` prints it, which both
// include, beside the fixed CPU loop of printMachine.
// Env: BENCH_DEV_SAVES (30), BENCH_PORT.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROME_PATH, CHROMIUM_FLAGS } from './lib/chromium.js';
import { envInt } from './lib/env.js';
import { readEvents } from './lib/event-stream.js';
import { printMachine } from './lib/machine.js';
import { ROOT } from './lib/paths.js';
import { fmt, table } from './lib/print.js';
import { stopChild } from './lib/processes.js';
import { recordBar } from './lib/results.js';
import { median, percentile } from './lib/stats.js';

const saves = envInt('BENCH_DEV_SAVES', 30);
const port = envInt('BENCH_PORT', 3291) + 30;
const TARGET_MS = 1000;

printMachine(`postfolio dev: a save shown in the open page (${saves} saves)`);

const content = mkdtempSync(join(tmpdir(), 'postfolio-dev-bench-'));
cpSync(join(ROOT, 'content'), content, { recursive: true });
const slugs = readdirSync(join(content, 'posts'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => name.slice(0, -3));

const child = spawn(
  process.execPath,
  [join(ROOT, 'bin', 'postfolio.js'), 'dev', content, '--port', String(port)],
  { env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, stdio: 'pipe' },
);
let output = '';
child.stdout.on('data', (chunk) => (output += chunk));
child.stderr.on('data', (chunk) => (output += chunk));
const base = `http://127.0.0.1:${port}`;

/** Resolves once `test(output)` holds, or rejects after `ms`. */
async function outputMatches(test, ms) {
  const deadline = performance.now() + ms;
  while (!test(output)) {
    if (child.exitCode !== null || performance.now() > deadline)
      throw new Error(`postfolio dev: not seen within ${ms} ms:\n${output.slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** An open page's event stream: `next()` resolves with the next state it is told. */
async function openStream(page) {
  const controller = new AbortController();
  const response = await fetch(`${base}/__postfolio-dev/events`, {
    signal: controller.signal,
    headers: { referer: `${base}${page}` },
  });
  const waiting = [];
  const states = [];
  void readEvents(response.body, (state) => {
    const wake = waiting.shift();
    if (wake) wake(state);
    else states.push(state);
  });
  return {
    next: () =>
      states.length
        ? Promise.resolve(states.shift())
        : new Promise((resolve, reject) => {
            waiting.push(resolve);
            setTimeout(() => reject(new Error(`${page}: not told within 10 s`)), 10_000);
          }),
    close: () => controller.abort(),
  };
}

const rows = [];
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_FLAGS });
try {
  await outputMatches((text) => text.includes('postfolio dev: http://'), 120_000);
  const tab = await browser.newPage();
  for (let i = 0; i < saves; i++) {
    const slug = slugs[Math.floor(Math.random() * slugs.length)];
    const file = join(content, 'posts', `${slug}.md`);
    const page = `/${slug}`;
    // Loaded, and its reload script listening.
    const listening = tab.waitForRequest((r) => r.url().endsWith('/__postfolio-dev/events'));
    await tab.goto(base + page);
    await listening;
    const stream = await openStream(page);
    const hello = await stream.next();
    const title = `Saved ${i} at ${Date.now()}`;
    const rounds = output.split('\n').length;
    const text = readFileSync(file, 'utf8').replace(/^title: .*$/m, `title: "${title}"`);
    const saved = performance.now();
    writeFileSync(file, text);
    const told = await stream.next();
    const toldMs = performance.now() - saved;
    if (told.revision === hello.revision) throw new Error(`${page}: told the same revision`);
    await tab.waitForFunction(
      (expected) => globalThis.document.querySelector('main h1')?.textContent === expected,
      title,
      { timeout: 10_000, polling: 'raf' },
    );
    const shownMs = performance.now() - saved;
    stream.close();
    await outputMatches((all) => all.split('\n').length > rounds, 10_000);
    const line = output
      .split('\n')
      .slice(rounds - 1)
      .find((l) => l.includes(`${slug}.md:`));
    const roundMs = Number(/\((\d+) ms;/.exec(line ?? '')?.[1] ?? NaN);
    rows.push({ toldMs, shownMs, roundMs });
  }
} finally {
  await browser.close();
  await stopChild(child);
  rmSync(content, { recursive: true, force: true });
}

const stats = (key) => {
  const values = rows.map((row) => row[key]).filter(Number.isFinite);
  return [median(values), percentile(values, 95), Math.max(...values)];
};
table(
  ['from the save to', 'p50 ms', 'p95 ms', 'max ms'],
  [
    ['the open page told (event)', ...stats('toldMs')],
    ['the open tab showing the new title', ...stats('shownMs')],
    ['(the import round alone, as dev prints it)', ...stats('roundMs')],
  ].map(([name, ...ms]) => [name, ...ms.map((v) => fmt(v, 0))]),
);
const [, shownP95] = stats('shownMs');
const [roundP50] = stats('roundMs');
recordBar({
  bar: `postfolio dev: save → the new title shown in the open tab, p95 of ${saves} saves of random demo posts`,
  figure: `${fmt(shownP95, 0)} ms (the import round alone: p50 ${fmt(roundP50, 0)} ms)`,
  target: `≤ ${fmt(TARGET_MS)} ms`,
  pass: shownP95 <= TARGET_MS,
});
