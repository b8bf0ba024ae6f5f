// Run as a child process (fork) beside a load, so that its timings do not include the load
// generator's own event loop: every `PROBE_EVERY_MS` (250) a new connection asks `PROBE_URL`,
// and the time to its complete answer is kept. On the parent's 'stop' message it sends back
// {waits, failed} and exits.
import { request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

const url = process.env.PROBE_URL;
const every = Number(process.env.PROBE_EVERY_MS ?? 250);
const waits = [];
let failed = 0;
let stopped = false;
process.on('message', () => (stopped = true));

/** One GET on a new connection (no agent: nothing is reused); resolves to its time in ms. */
const probe = () =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { agent: false, timeout: 15_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(performance.now() - started));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });

while (!stopped) {
  try {
    waits.push(await probe());
  } catch {
    failed += 1;
  }
  await sleep(every);
}
process.send({ waits, failed }, () => process.exit(0));
