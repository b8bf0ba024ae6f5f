// Preload (`node --import ./bench/lib/report-maxrss.js …`): at exit, writes the process's peak
// resident memory (kB, from process.resourceUsage().maxRSS) to $BENCH_MAXRSS_FILE, or stderr.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  const kb = process.resourceUsage().maxRSS;
  if (process.env.BENCH_MAXRSS_FILE) writeFileSync(process.env.BENCH_MAXRSS_FILE, String(kb));
  else process.stderr.write(`maxRSS ${kb} kB\n`);
});
