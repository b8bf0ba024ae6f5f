// What an import leaves cached: on a copy of the BENCH_CACHE_POSTS (10,000) SQLite store, the server's
// caches hold answers at URLs drawn at random from the store (post views, post pages, list pages
// of random lists); then an import edits one random post's text, retitles another, adds a post.
// After each: how many of those answers are still served from the caches (the server's debug
// request log tells a cached answer from the app's), and the time to ask them all again against
// the time after an import that changed the site's title, which clears everything: the baseline,
// in the same run.
import Database from 'better-sqlite3';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { Agent, get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { envInt } from './lib/env.js';
import { printMachine } from './lib/machine.js';
import { CLI } from './lib/paths.js';
import { fmt, table } from './lib/print.js';
import { run, stopChild } from './lib/processes.js';
import { recordBar } from './lib/results.js';
import { apiPath, pagePath } from './lib/routes.js';
import { startAppServer } from './lib/servers.js';
import { ensureFakeFolder, ensureSqliteStore } from './lib/stores.js';

const posts = envInt('BENCH_CACHE_POSTS', 10_000);
const port = envInt('BENCH_PORT', 3291) + 23;
// Within the caches' default bounds (2,000 answers or 8 MB of JSON; 300 pages or 4 MB), so that
// no answer is evicted by another: what goes, the import dropped.
const VIEWS = 300;
const LISTS = 200;
const POST_PAGES = 40;
const LIST_PAGES = 20;
/** The SQLite server reads the content version once a second. */
const VERSION_POLL_MS = 1000;

printMachine(`What an import leaves cached (${fmt(posts)} posts, SQLite)`);
const store = await ensureSqliteStore(posts);
const folder = await ensureFakeFolder(posts);
const work = mkdtempSync(join(tmpdir(), 'pf-bench-cache-'));
const copy = join(work, 'store.db');
const source = new Database(store, { readonly: true });
await source.backup(copy);
const slugs = source.prepare('SELECT slug FROM posts WHERE draft = 0').pluck().all();
const categories = source
  .prepare('SELECT category_id AS id, count(*) AS n FROM posts WHERE draft = 0 GROUP BY 1')
  .all();
source.close();

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const distinct = (count, make) => {
  const urls = new Set();
  while (urls.size < count) urls.add(make());
  return [...urls];
};
const listPage = () => {
  const { id, n } = pick(categories);
  const page = 1 + Math.floor(Math.random() * Math.ceil(n / 12));
  return Math.random() < 0.3 ? apiPath.posts(page) : apiPath.postsCate(id, page);
};
const urls = [
  ...distinct(VIEWS, () => apiPath.post(pick(slugs))),
  ...distinct(LISTS, listPage),
  ...distinct(POST_PAGES, () => pagePath.post(pick(slugs))),
  ...distinct(
    LIST_PAGES,
    () => `/cate/${pick(categories).id}?page=${1 + Math.floor(Math.random() * 20)}`,
  ),
];

const app = await startAppServer({
  port,
  databaseUrl: copy,
  extraEnv: { LOG_LEVEL: 'debug' },
});
// The way each URL was last answered, from the server's debug request lines.
const ways = new Map();
let pending = '';
app.child.stdout.on('data', (chunk) => {
  const lines = (pending + chunk).split('\n');
  pending = lines.pop();
  for (const line of lines) {
    if (!line.includes('"msg":"request"')) continue;
    const { url, way } = JSON.parse(line);
    ways.set(url, way);
  }
});
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const ask = (url) =>
  new Promise((resolve, reject) => {
    get(`${app.url}${url}`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    }).on('error', reject);
  });
/** Asks every URL once; the ms it took and how many were answered from the caches. */
async function askAll() {
  ways.clear();
  const started = performance.now();
  for (const url of urls) {
    const status = await ask(url);
    if (status !== 200) throw new Error(`${url} → ${status}`);
  }
  const ms = performance.now() - started;
  // The request lines are written when each response closes: let the last ones arrive.
  await new Promise((resolve) => setTimeout(resolve, 200));
  return { ms, cached: urls.filter((url) => ways.get(url) === 'cache').length };
}

/** Imports a folder holding the site config (`site`, else the folder's), the images and one post. */
async function importPost(file, text, site = readFileSync(join(folder, 'site.yaml'), 'utf8')) {
  const dir = join(work, `change-${Date.now()}`);
  mkdirSync(join(dir, 'posts'), { recursive: true });
  writeFileSync(join(dir, 'site.yaml'), site);
  cpSync(join(folder, 'images'), join(dir, 'images'), { recursive: true });
  writeFileSync(join(dir, 'posts', file), text);
  await run(process.execPath, [CLI, 'import', dir], { env: { DATABASE_URL: copy }, quiet: true });
  await new Promise((resolve) => setTimeout(resolve, 2.5 * VERSION_POLL_MS));
}
const postFiles = readdirSync(join(folder, 'posts'));
const postFile = () => {
  const file = pick(postFiles);
  return { file, text: readFileSync(join(folder, 'posts', file), 'utf8') };
};
const changes = [
  [
    "one post's text edited",
    () => {
      const { file, text } = postFile();
      return importPost(file, `${text}\nOne more sentence, edited by the bench.\n`);
    },
  ],
  [
    'one post retitled',
    () => {
      const { file, text } = postFile();
      return importPost(file, text.replace(/^title: .*$/m, 'title: Retitled by the bench'));
    },
  ],
  [
    'one post added',
    () => {
      const { text } = postFile();
      const slug = `bench-added-${Date.now()}`;
      const dated = text
        .replace(/^slug: .*$/m, `slug: ${slug}`)
        .replace(/^date: .*$/m, `date: ${new Date(Date.now() - 60_000).toISOString()}`);
      return importPost(`${slug}.md`, dated);
    },
  ],
  [
    "the site's title changed (everything goes: the baseline)",
    () => {
      const { file, text } = postFile();
      const site = readFileSync(join(folder, 'site.yaml'), 'utf8');
      return importPost(file, text, site.replace(/^ {2}title: .*$/m, '  title: Retitled site'));
    },
  ],
];

try {
  // A first pass compiles the server's code; the passes measured come after.
  await askAll();
  const results = [];
  for (const [name, change] of changes) {
    // Asked twice: the caches keep an answer from the second ask of its URL.
    await askAll();
    const before = await askAll();
    await change();
    results.push({ name, before, after: await askAll() });
  }
  const baseline = results.at(-1).after.ms;
  const rows = results.map(({ name, before, after }) => {
    const kept = after.cached / before.cached;
    const time = after.ms / baseline;
    recordBar({
      bar: `answers kept cached after an import, ${name} (${fmt(posts)} posts, ${urls.length} drawn URLs)`,
      figure: `${(100 * kept).toFixed(0)} % (${after.cached} of ${before.cached}); asking them all again ${time.toFixed(2)} of the time after an import that clears everything`,
    });
    return [
      `after an import: ${name}`,
      fmt(before.cached),
      fmt(after.cached),
      `${(100 * kept).toFixed(0)} %`,
      `${fmt(after.ms)} (${time.toFixed(2)})`,
    ];
  });
  console.log(
    `\n${VIEWS} post views, ${LISTS} API list pages, ${POST_PAGES} post pages and ${LIST_PAGES} category pages, drawn at random; ms to ask them all again, one at a time (against the last row's)`,
  );
  table(['', 'cached before', 'from the caches after', 'kept', 'ms to ask all'], rows);
} finally {
  await stopChild(app.child);
  rmSync(work, { recursive: true, force: true });
}
