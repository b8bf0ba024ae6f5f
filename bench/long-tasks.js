// Main-thread long tasks of a page load in Chromium with 4× CPU throttling (Lighthouse's mobile
// slowdown), summed as total blocking time (each task's time over 50 ms), several loads per page:
// a steadier view of hydration cost than Lighthouse's single run.
// Env: CHROME_PATH (/usr/bin/chromium), BENCH_LOADS (8), BENCH_PORT (3291; this uses +6).
import { chromium } from 'playwright-core';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { CHROME_PATH, CHROMIUM_FLAGS } from './lib/chromium.js';
import { envInt } from './lib/env.js';
import { printMachine } from './lib/machine.js';
import { BENCH_DIR } from './lib/paths.js';
import { fmt, table } from './lib/print.js';
import { stopChild } from './lib/processes.js';
import { startAppServer } from './lib/servers.js';

const loads = envInt('BENCH_LOADS', 8);
printMachine(`Long tasks after load (4× CPU throttling, 390 px wide, ${loads} loads per page)`);
const demoDb = join(BENCH_DIR, 'long-tasks.db');
for (const f of [demoDb, `${demoDb}-wal`, `${demoDb}-shm`]) rmSync(f, { force: true });
const app = await startAppServer({ port: envInt('BENCH_PORT', 3291) + 6, databaseUrl: demoDb });
const browser = await chromium.launch({
  executablePath: CHROME_PATH,
  args: CHROMIUM_FLAGS,
});
try {
  const first = await (await fetch(`${app.url}/api/posts?page=1`)).json();
  const rows = [];
  for (const path of ['/', '/posts', `/${first.data[0].slug}`, '/resume']) {
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
} finally {
  await browser.close();
  await stopChild(app.child);
}
