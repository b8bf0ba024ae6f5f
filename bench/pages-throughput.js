// Server-rendered HTML throughput vs a bare node:http server sending a constant HTML body of the
// same size, plus a conditional-request (ETag → 304) check. Same env as api-throughput.js
// (BENCH_POSTS, BENCH_ROUNDS, BENCH_DURATION, BENCH_CONNECTIONS, BENCH_PORT default 3293).
import { printMachine } from './lib/machine.js';
import { fmt } from './lib/print.js';
import { memoryOf, stopChild } from './lib/processes.js';
import { recordBar } from './lib/results.js';
import { apiPath, pagePath } from './lib/routes.js';
import { startAppServer, startBareServer } from './lib/servers.js';
import { ensureSqliteStore } from './lib/stores.js';
import { compareThroughput, printComparisonMethod, throughputSettings } from './lib/throughput.js';

const settings = throughputSettings(2);
const { posts, port } = settings;

printMachine(
  `Pages throughput: server-rendered HTML vs bare node:http (${fmt(posts)} posts, SQLite)`,
);
printComparisonMethod(settings);

const db = await ensureSqliteStore(posts);
const app = await startAppServer({ port, databaseUrl: db });
let bare;
let failures = 0;
try {
  const first = await (await fetch(`${app.url}${apiPath.posts(1)}`)).json();
  const slug = first.data[0].slug;
  const cases = [pagePath.posts(), pagePath.post(slug), pagePath.resume()].map((path) => ({
    name: `GET ${path}`,
    paths: [path],
    target: 0.5,
  }));

  const bareRoutes = {};
  console.log('\nconditional requests:');
  for (const c of cases) {
    const path = c.paths[0];
    const res = await fetch(app.url + path);
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${path} → ${res.status}`);
    bareRoutes[path] = { body, contentType: res.headers.get('content-type') };
    c.bytes = Buffer.byteLength(body);
    const etag = res.headers.get('etag');
    const again = etag
      ? await fetch(app.url + path, { headers: { 'if-none-match': etag } })
      : undefined;
    const ok = again?.status === 304;
    if (!ok) failures++;
    recordBar({
      bar: `GET ${path} repeated with If-None-Match: its ETag`,
      figure: String(again?.status ?? 'no ETag'),
      target: '304',
      pass: ok,
    });
    console.log(
      `  ${path}: ETag ${etag ?? '(none)'}; repeat with If-None-Match → ${again?.status ?? 'not tried'} ${ok ? 'PASS' : 'MISS'}; cache-control: ${res.headers.get('cache-control')}`,
    );
  }
  bare = await startBareServer(port + 1, bareRoutes);
  console.log('');
  const scope = `${fmt(posts)} posts`;
  const rows = await compareThroughput({ ...settings, scope, app, bare, cases });
  if (rows.some((r) => !r.pass)) failures++;
  const mem = memoryOf(app.child.pid);
  console.log(`\napp server memory: peak RSS ${fmt(mem.hwmMb)} MB (VmHWM)`);
  console.log(failures ? `${failures} check(s) MISSED` : 'all page checks PASS');
} finally {
  await stopChild(bare?.child);
  await stopChild(app.child);
}
