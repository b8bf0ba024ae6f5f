// Preload (`node --import ./bench/lib/report-memory.js …`): on SIGUSR2, writes where the
// process's memory is (V8 heap spaces, external buffers, resident set by kind) to
// $BENCH_MEMORY_FILE as JSON, so a benchmark can print the breakdown behind a peak.
import { readFileSync, writeFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';

const mb = (bytes) => Math.round((bytes / 2 ** 20) * 10) / 10;

process.on('SIGUSR2', () => {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kbOf = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  const usage = process.memoryUsage();
  const report = {
    rss: kbOf('VmRSS') / 1024,
    peakRss: kbOf('VmHWM') / 1024,
    rssAnon: kbOf('RssAnon') / 1024,
    rssFile: kbOf('RssFile') / 1024,
    heapTotal: mb(usage.heapTotal),
    heapUsed: mb(usage.heapUsed),
    external: mb(usage.external),
    arrayBuffers: mb(usage.arrayBuffers),
    spaces: Object.fromEntries(
      getHeapSpaceStatistics().map((s) => [s.space_name, mb(s.space_size)]),
    ),
  };
  writeFileSync(process.env.BENCH_MEMORY_FILE ?? '/dev/stderr', JSON.stringify(report));
});
