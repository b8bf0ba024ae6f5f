// Time to interactive of a page load in Chromium on a slow phone: 4× CPU throttling and Fast 3G
// (DevTools' figures, as Lighthouse's old mobile preset: 562.5 ms latency, 1.6 Mbit/s down and
// 750 kbit/s up, each × 0.9), every load in a fresh context (empty cache).
import { createServer } from 'node:http';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';

export const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** Serves a built folder over HTTP, brotli-compressed as the app serves its assets. */
export async function serveStatic(dir) {
  const files = new Map();
  const walk = (sub) => {
    for (const name of readdirSync(join(dir, sub))) {
      const path = join(sub, name);
      if (statSync(join(dir, path)).isDirectory()) walk(path);
      else files.set(`/${path}`, brotliCompressSync(readFileSync(join(dir, path))));
    }
  };
  walk('');
  const server = createServer((req, res) => {
    const path = req.url === '/' ? '/index.html' : (req.url ?? '');
    const body = files.get(path);
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, {
      'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
      'content-encoding': 'br',
    });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

/**
 * "Interactive" as the browser tests' `hydrated` helper sees it: every control React rendered
 * (not those of HTML it was given as a string: a post's body, the owner's parts) carries React's
 * props key, so a click on it reaches the app. Checked every 25 ms from the page's start; the
 * time is since navigation start.
 */
function watchHydration() {
  globalThis.__interactiveAt = null;
  const propsOf = (node) => {
    const key = Object.keys(node).find((name) => name.startsWith('__reactProps$'));
    return key ? node[key] : undefined;
  };
  const check = () => {
    const root = globalThis.document.getElementById('root');
    const givenAsHtml = (element) => {
      for (let node = element.parentElement; node && node !== root; node = node.parentElement)
        if (propsOf(node)?.dangerouslySetInnerHTML) return true;
      return false;
    };
    const controls = root
      ? [...root.querySelectorAll('a, button, input, textarea, summary, main')].filter(
          (element) => !element.closest('.prose') && !givenAsHtml(element),
        )
      : [];
    const ready =
      controls.length > 0 && controls.every((element) => propsOf(element) !== undefined);
    if (ready) globalThis.__interactiveAt = performance.now();
    else setTimeout(check, 25);
  };
  setTimeout(check, 25);
}

/** One cold load of `url` on a slow phone: first paint, interactive (ms) and JS requests. */
export async function loadUntilInteractive(browser, url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await page.addInitScript(watchHydration);
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => globalThis.__interactiveAt !== null, null, {
      polling: 250,
      timeout: 60_000,
    });
    return await page.evaluate(() => ({
      interactive: globalThis.__interactiveAt,
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js')).length,
    }));
  } finally {
    await context.close();
  }
}
