// Times `postfolio import <dir>` of generated posts into a fresh SQLite file, with peak memory.
// Env: BENCH_IMPORT_SIZES (comma list; default "10000,100000"; BENCH_IMPORT_100K=0 drops 100000).
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { printMachine } from './lib/machine.js';
import { BENCH_DIR, CLI } from './lib/paths.js';
import { fmt, table } from './lib/print.js';
import { run } from './lib/processes.js';
import { recordBar } from './lib/results.js';
import { ensureFakeFolder } from './lib/stores.js';

const sizes = process.env.BENCH_IMPORT_SIZES
  ? process.env.BENCH_IMPORT_SIZES.split(',').map(Number)
  : [10_000, ...(process.env.BENCH_IMPORT_100K === '0' ? [] : [100_000])];

printMachine('Import: node bin/postfolio.js import <dir> into a fresh SQLite file');
const rows = [];
for (const n of sizes) {
  const dir = await ensureFakeFolder(n);
  const db = join(BENCH_DIR, `import-${n}.db`);
  const rssFile = join(BENCH_DIR, `import-${n}.maxrss`);
  for (const f of [db, `${db}-wal`, `${db}-shm`, rssFile]) rmSync(f, { force: true });
  const args = ['--import', './bench/lib/report-maxrss.js', CLI, 'import', dir];
  console.log(`$ DATABASE_URL=${db} node ${args.join(' ')}`);
  const started = performance.now();
  const output = await run(process.execPath, args, {
    env: { DATABASE_URL: db, IMAGES_DIR: join(BENCH_DIR, 'images'), BENCH_MAXRSS_FILE: rssFile },
    quiet: true,
  });
  const seconds = (performance.now() - started) / 1000;
  const maxRssMb = Number(readFileSync(rssFile, 'utf8')) / 1024;
  const size = [db, `${db}-wal`].filter(existsSync).reduce((a, f) => a + statSync(f).size, 0);
  const summary = output.trim().split('\n').at(-1);
  console.log(`  ${summary}`);
  // The CLI reports its phases: "(posts 125.0 s on 2 threads, search index merge 10.9 s, commit 18.8 s)".
  const phase = (name) => summary.match(new RegExp(`${name} (\\d+\\.\\d) s`))?.[1] ?? '?';
  const target = n >= 100_000 ? (seconds <= 45 ? '≤ 45 s PASS' : '≤ 45 s MISS') : '';
  recordBar({
    bar: `import ${fmt(n)} posts into a new SQLite store (peak RSS ${fmt(maxRssMb)} MB)`,
    figure: `${seconds.toFixed(1)} s`,
    target: n === 100_000 ? '≤ 45 s' : null,
    pass: seconds <= 45,
  });
  rows.push([
    fmt(n),
    seconds.toFixed(1),
    phase('posts'),
    phase('search index merge'),
    phase('commit'),
    fmt(n / seconds),
    fmt(maxRssMb),
    fmt(size / 2 ** 20),
    target,
  ]);
  for (const f of [db, `${db}-wal`, `${db}-shm`]) rmSync(f, { force: true });
}
console.log('');
table(
  [
    'posts',
    'wall s',
    'of it: posts s',
    'index merge s',
    'commit s',
    'posts/s',
    'peak RSS MB',
    'DB MB',
    'target',
  ],
  rows,
);
