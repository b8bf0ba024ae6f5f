// The brand's images (src/server/brand-images/): what they add to an import, and what a post's
// link-preview card costs, drawn on its first request. In process, on the built server (dist/).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brandPlan, drawPostCard } from '../dist/server/brand-images/brand-plan.js';
import { prepareImages } from '../dist/server/content/image-publication.js';
import { readContentFolder } from '../dist/server/content/import-stages/folder.js';
import { prepareBrandImages } from '../dist/server/content/import-stages/brand-images.js';
import { envInt } from './lib/env.js';
import { printMachine } from './lib/machine.js';
import { ROOT } from './lib/paths.js';
import { fmt, table } from './lib/print.js';
import { recordBar } from './lib/results.js';

const ROUNDS = envInt('BENCH_BRAND_ROUNDS', 5);
const CARDS = envInt('BENCH_BRAND_CARDS', 40);

printMachine("Brand images: the import's brand stage, a post's card");
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const scratch = mkdtempSync(join(tmpdir(), 'postfolio-bench-brand-'));

const folder = await readContentFolder(join(ROOT, 'content'));
const images = await prepareImages({
  from: folder.imagesDir,
  to: join(scratch, 'images'),
  names: folder.availableImages,
  known: new Map(),
});

// The stage on the demo content: a first import draws the icon's files and the site's card; an
// unchanged one finds them under their names.
const first = [];
const again = [];
for (let round = 0; round < ROUNDS; round++) {
  const dir = join(scratch, `brand-${round}`);
  let started = performance.now();
  const drawn = await prepareBrandImages(folder, images, dir);
  first.push(performance.now() - started);
  started = performance.now();
  const found = await prepareBrandImages(folder, images, dir);
  again.push(performance.now() - started);
  if (drawn.drawn !== 2 || found.drawn !== 0) throw new Error('the brand stage drew unexpectedly');
}

// A post's card, as its first request draws it.
const records = new Map(images.records.map((record) => [record.name, record]));
const plan = brandPlan(folder.site, (name) => records.get(name));
const source = async () => {
  throw new Error('the demo brand has no logo');
};
const cards = [];
for (let i = 0; i < CARDS; i++) {
  const started = performance.now();
  await drawPostCard(plan, `Post number ${i}: a title of the usual length for this site`, source);
  cards.push(performance.now() - started);
}
rmSync(scratch, { recursive: true, force: true });

const card = median(cards);
table(
  ['what', 'median ms'],
  [
    [`brand stage, first import (icon + site card drawn), ${ROUNDS} rounds`, fmt(median(first), 0)],
    [`brand stage, unchanged import, ${ROUNDS} rounds`, fmt(median(again), 1)],
    [`a post's card drawn, ${CARDS} cards`, fmt(card, 1)],
    ['cards of 100,000 posts if drawn at import, s', fmt((card * 100_000) / 1000, 0)],
  ],
);
recordBar({
  bar: 'brand stage of an unchanged import (ms)',
  figure: `${fmt(median(again), 1)} ms`,
});
recordBar({ bar: "a post's card drawn on first request (ms)", figure: `${fmt(card, 1)} ms` });
