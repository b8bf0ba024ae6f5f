// A crawl as a link checker or a search engine makes one: every address the sitemap lists and
// every page of the post list, each asked once, `concurrency` requests in flight over keep-alive
// connections. A 503 is counted, not retried: to a crawler it is a broken link.
import { Agent, get } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { apiPath, pagePath } from './routes.js';

/** The paths a crawl asks: the sitemap's addresses (its index, then its files) and list pages. */
export async function crawlPaths(url) {
  const locs = async (path) => {
    let res = await fetch(`${url}${path}`);
    // A server just started may still shed its first requests; the list is not the measure.
    for (let tries = 0; res.status === 503 && tries < 30; tries++) {
      await sleep(1000);
      res = await fetch(`${url}${path}`);
    }
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    const xml = await res.text();
    return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  };
  const paths = [];
  for (const file of await locs('/sitemap.xml')) paths.push(...(await locs(file)));
  const first = await (await fetch(`${url}${apiPath.posts(1)}`)).json();
  for (let page = 2; page <= first.last_page; page++) paths.push(pagePath.posts({ page }));
  return [...new Set(paths)];
}

/** One GET over `agent`: resolves to {status, ms} or {error, ms}. */
function ask(port, path, agent) {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = get({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started }));
      res.on('error', (error) => resolve({ error: error.message, ms: 0 }));
    });
    req.setTimeout(15_000, () => req.destroy(new Error('no answer in 15 s')));
    req.on('error', (error) => resolve({ error: error.message, ms: performance.now() - started }));
  });
}

/** Asks every path once, `concurrency` at a time; resolves to counts by status and latencies. */
export async function crawl({ port, paths, concurrency }) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const result = { asked: paths.length, statuses: {}, failed: 0, latenciesMs: [], seconds: 0 };
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const answer = await ask(port, paths[next++], agent);
      result.latenciesMs.push(answer.ms);
      if (answer.error) result.failed += 1;
      else result.statuses[answer.status] = (result.statuses[answer.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  result.seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return result;
}
