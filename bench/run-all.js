// Runs every benchmark in order, each as its own node process with the same environment.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const scripts = [
  'frontend.js',
  'long-tasks.js',
  'api-throughput.js',
  'pages-throughput.js',
  'search-scale.js',
  'import.js',
  'workers.js',
  'memory.js',
];
const only = process.env.BENCH_ONLY?.split(',');
const started = Date.now();
const failed = [];
for (const script of scripts) {
  if (only && !only.some((o) => script.startsWith(o))) continue;
  const t = Date.now();
  const result = spawnSync(process.execPath, [join(here, script)], {
    stdio: 'inherit',
    env: process.env,
  });
  console.log(`\n[${script}: ${((Date.now() - t) / 1000).toFixed(0)} s, exit ${result.status}]`);
  if (result.status !== 0) failed.push(script);
}
console.log(
  `\nAll benchmarks: ${((Date.now() - started) / 60000).toFixed(1)} min${failed.length ? `; failed: ${failed.join(', ')}` : ''}`,
);
process.exitCode = failed.length ? 1 : 0;
