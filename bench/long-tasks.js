// Main-thread long tasks of a page load in Chromium with 4× CPU throttling (Lighthouse's mobile
// slowdown), summed as total blocking time (each task's time over 50 ms), several loads per page:
// a steadier view of hydration cost than Lighthouse's single run. Then time to interactive of
// /posts on a slow phone (4× CPU and Fast 3G, lib/interactive.js) beside a bare React Router page
// served alike, loads alternating, median of BENCH_TTI_LOADS each.
// Env: CHROME_PATH (/usr/bin/chromium), BENCH_LOADS (8), BENCH_TTI_LOADS (7), BENCH_PORT (3291;
// this uses +6).
import { chromium } from 'playwright-core';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { CHROME_PATH, CHROMIUM_FLAGS, launchWithDesktopUiOff } from './lib/chromium.js';
import { envInt } from './lib/env.js';
import { printMachine } from './lib/machine.js';
import { BENCH_DIR } from './lib/paths.js';
import { buildBareClient } from './lib/bare-client.js';
import { FAST_3G, loadUntilInteractive, serveStatic } from './lib/interactive.js';
import { fmt, table } from './lib/print.js';
import { stopChild } from './lib/processes.js';
import { apiPath, pagePath } from './lib/routes.js';
import { startAppServer } from './lib/servers.js';
import { median } from './lib/stats.js';

const loads = envInt('BENCH_LOADS', 8);
printMachine(`Long tasks after load (4× CPU throttling, 390 px wide, ${loads} loads per page)`);
const demoDb = join(BENCH_DIR, 'long-tasks.db');
for (const f of [demoDb, `${demoDb}-wal`, `${demoDb}-shm`]) rmSync(f, { force: true });
const app = await startAppServer({ port: envInt('BENCH_PORT', 3291) + 6, databaseUrl: demoDb });
const browser = await launchWithDesktopUiOff(chromium, {
  executablePath: CHROME_PATH,
  args: CHROMIUM_FLAGS,
});
try {
  const first = await (await fetch(`${app.url}${apiPath.posts(1)}`)).json();
  const rows = [];
  for (const path of [
    '/',
    pagePath.posts(),
    pagePath.post(first.data[0].slug),
    pagePath.resume(),
  ]) {
    const blocking = [];
    let longest = 0;
    for (let i = 0; i < loads; i++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.addInitScript(() => {
        globalThis.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) globalThis.__longTasks.push(entry.duration);
        }).observe({ type: 'longtask', buffered: true });
      });
      await page.goto(`${app.url}${path}`, { waitUntil: 'load' });
      await page.waitForTimeout(2500);
      const tasks = await page.evaluate(() => globalThis.__longTasks);
      blocking.push(tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0));
      longest = Math.max(longest, ...tasks);
      await context.close();
    }
    blocking.sort((a, b) => a - b);
    const median = blocking[Math.floor(blocking.length / 2)];
    rows.push([path, fmt(median), fmt(blocking[0]), fmt(blocking.at(-1)), fmt(longest)]);
  }
  table(['page', 'TBT median ms', 'min', 'max', 'longest task ms'], rows);
  await timeToInteractive(browser, app.url);
} finally {
  await browser.close();
  await stopChild(app.child);
}

/** Time to interactive of /posts and of the bare client, loads alternating so both see the host alike. */
async function timeToInteractive(browser, appUrl) {
  const ttiLoads = envInt('BENCH_TTI_LOADS', 7);
  const bare = await serveStatic(await buildBareClient());
  const pages = [
    [pagePath.posts(), `${appUrl}${pagePath.posts()}`],
    ['bare React Router page', `${bare.url}/`],
  ];
  const runs = new Map(pages.map(([name]) => [name, []]));
  try {
    for (let i = 0; i < ttiLoads; i++)
      for (const [name, url] of pages)
        runs.get(name).push(await loadUntilInteractive(browser, url));
  } finally {
    bare.close();
  }
  const down = Math.round((FAST_3G.downloadThroughput * 8) / 1024);
  console.log(
    `\nTime to interactive, 4× CPU and Fast 3G (${FAST_3G.latency} ms, ${down} kbit/s down), 390 px, ${ttiLoads} cold loads each (medians; ms since navigation start)`,
  );
  const row = ([name]) => {
    const loads = runs.get(name);
    const at = (key) => median(loads.map((load) => load[key]));
    const afterPaint = median(loads.map((load) => load.interactive - load.paint));
    const all = loads.map((load) => fmt(load.interactive)).join(' ');
    return [name, fmt(at('paint')), fmt(at('interactive')), fmt(afterPaint), at('scripts'), all];
  };
  table(
    ['page', 'first paint', 'interactive', 'after paint', 'JS requests', 'each load'],
    pages.map(row),
  );
}
