// Prints the top functions by self time (and by inclusive time) of a V8 .cpuprofile
// (from `node --cpu-prof`). Usage: node bench/lib/cpuprofile-top.js FILE [N]
import { readFileSync } from 'node:fs';

const [file, count = '25'] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const hits = new Map();
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i + 1] ?? 0;
  hits.set(id, (hits.get(id) ?? 0) + dt);
});
const total = [...hits.values()].reduce((a, b) => a + b, 0);
const label = (n) => {
  const f = n.callFrame;
  const url = f.url
    .replace(/^file:\/\//, '')
    .replace(/.*node_modules\//, 'nm:')
    .replace(/.*\/work\/main\//, '');
  return `${f.functionName || '(anonymous)'} ${url}${url ? `:${f.lineNumber + 1}` : ''}`;
};
const self = new Map();
const inclusive = new Map();
for (const [id, t] of hits) {
  const key = label(byId.get(id));
  self.set(key, (self.get(key) ?? 0) + t);
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const k = label(byId.get(cur));
    if (seen.has(k)) continue;
    seen.add(k);
    inclusive.set(k, (inclusive.get(k) ?? 0) + t);
  }
}
const show = (title, map) => {
  console.log(`\n${title} (of ${(total / 1000).toFixed(0)} ms sampled)`);
  for (const [k, t] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(count)))
    console.log(`${((100 * t) / total).toFixed(1).padStart(5)}%  ${k}`);
};
show('self time', self);
show('inclusive time', inclusive);
