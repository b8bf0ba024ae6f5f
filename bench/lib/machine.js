// The machine a bench ran on, printed above its figures: these hosts are shared and change.
import { cpus, totalmem } from 'node:os';

export function machine() {
  const list = cpus();
  return {
    cpu: list[0]?.model ?? 'unknown',
    cores: list.length,
    memoryGb: +(totalmem() / 2 ** 30).toFixed(1),
    node: process.version,
    date: new Date().toISOString(),
  };
}

/**
 * Milliseconds for a fixed CPU loop: the host's speed at the time of a run. These machines are
 * shared, and the same code measures slower when a neighbour is busy; this tells the two apart.
 */
export function hostSpeedMs() {
  const started = performance.now();
  let x = 0;
  for (let i = 0; i < 3e8; i++) x = (x + i * 7) % 1000003;
  if (x < 0) throw new Error('unreachable: keeps the loop from being optimized away');
  return Math.round(performance.now() - started);
}

/** Prints a bench's title and the machine line (with the fixed loop's time). */
export function printMachine(title) {
  const m = machine();
  console.log(`\n=== ${title} ===`);
  console.log(
    `machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB RAM; node ${m.node}; ${m.date}; ` +
      `fixed CPU loop ${hostSpeedMs()} ms (lower is a faster host)`,
  );
  return m;
}
