// Runs every benchmark in order, each as its own node process with the same environment, then
// prints one table of every bar they measured (also written to .bench/summary.md).
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine } from './lib/machine.js';
import { BENCH_DIR } from './lib/paths.js';
import { table } from './lib/print.js';
import { readBars, statusOf } from './lib/results.js';

const here = dirname(fileURLToPath(import.meta.url));
const scripts = [
  'frontend.js',
  'long-tasks.js',
  'api-throughput.js',
  'pages-throughput.js',
  'cold-paths.js',
  'compression.js',
  'search-scale.js',
  'import.js',
  'images.js',
  'brand-images.js',
  'dev-reload.js',
  'cache-after-import.js',
  'workers.js',
  'memory.js',
  'drain.js',
  'overload.js',
  'rehearsal.js',
  'compare-builds.js',
  'analytics.js',
];
const only = process.env.BENCH_ONLY?.split(',');
const resultsFile = join(BENCH_DIR, 'results.jsonl');
rmSync(resultsFile, { force: true });
const started = Date.now();
const failed = [];
for (const script of scripts) {
  if (only && !only.some((o) => script.startsWith(o))) continue;
  const t = Date.now();
  const result = spawnSync(process.execPath, [join(here, script)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_RESULTS: resultsFile },
  });
  console.log(`\n[${script}: ${((Date.now() - t) / 1000).toFixed(0)} s, exit ${result.status}]`);
  if (result.status !== 0) failed.push(script);
}
const minutes = ((Date.now() - started) / 60000).toFixed(1);

const bars = readBars(resultsFile);
const rows = bars.map((b) => [b.bench, b.bar, b.figure, b.target ?? '', statusOf(b)]);
const { cpu, cores, memoryGb, node, date } = machine();
const header = `Every bar measured (${cpu}, ${cores} cores, ${memoryGb} GB, node ${node}, ${date}; ${minutes} min)`;
console.log(`\n=== ${header} ===`);
// Left-aligned: the bars are sentences.
table(['bench', 'bar', 'figure', 'target', 'status'], rows, { leftAligned: true });
const misses = bars.filter((b) => b.target != null && !b.pass).length;
console.log(
  `\nbars measured: ${bars.length}; missed: ${misses}${failed.length ? `; benches that failed: ${failed.join(', ')}` : ''}`,
);
const cell = (text) => String(text).replaceAll('|', '\\|');
writeFileSync(
  join(BENCH_DIR, 'summary.md'),
  [
    `# ${header}`,
    '',
    '| bench | bar | figure | target | status |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`),
    '',
  ].join('\n'),
);
process.exitCode = failed.length ? 1 : 0;
