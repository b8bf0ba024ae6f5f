// Images: what a phone and a desktop download for the demo photograph (a 4000×3000 JPEG with
// GPS EXIF), beside the original file a page without variants would send; whether any served
// file keeps EXIF; the demo content's import with a cold and a warm image cache beside an import
// of the same posts whose images are 1-pixel files; Lighthouse's three image audits.
// Env: CHROME_PATH, BENCH_PORT (3291; this uses +7), BENCH_IMAGE_ROUNDS (3), BENCH_LIGHTHOUSE=0.
import {
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { CHROME_PATH, CHROMIUM_FLAGS } from './lib/chromium.js';
import { envInt } from './lib/env.js';
import { printMachine } from './lib/machine.js';
import { BENCH_DIR, CLI, ROOT } from './lib/paths.js';
import { fmt, table } from './lib/print.js';
import { run, stopChild } from './lib/processes.js';
import { recordBar } from './lib/results.js';
import { apiPath, pagePath } from './lib/routes.js';
import { startAppServer } from './lib/servers.js';

const port = envInt('BENCH_PORT', 3291) + 7;
const rounds = envInt('BENCH_IMAGE_ROUNDS', 3);
const PHOTO = 'meadow-at-dusk.jpg';
const TITLE = 'Choosing image formats without a religious war';
const SLUG = 'image-formats-a-pragmatic-choice';
const dir = join(BENCH_DIR, 'images-bench');
const kb = (bytes) => `${fmt(bytes / 1024, 1)} KB`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

printMachine('Images: bytes per screen, metadata, import with cold and warm image caches');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const original = statSync(join(ROOT, 'content', 'images', PHOTO)).size;

// ---- Import: the demo content, and the same posts with 1-pixel images ----
const real = join(dir, 'content');
const tiny = join(dir, 'content-tiny');
cpSync(join(ROOT, 'content'), real, { recursive: true });
cpSync(join(ROOT, 'content'), tiny, { recursive: true });
const ONE_PIXEL = {
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'),
  jpg: await sharp({ create: { width: 1, height: 1, channels: 3, background: '#777' } })
    .jpeg()
    .toBuffer(),
};
for (const name of readdirSync(join(tiny, 'images')))
  writeFileSync(join(tiny, 'images', name), ONE_PIXEL[name.endsWith('.svg') ? 'svg' : 'jpg']);

/** Every post file changed by a line, so that a re-import parses and writes every post again. */
function touchPosts(folder, round) {
  for (const name of readdirSync(join(folder, 'posts')))
    writeFileSync(
      join(folder, 'posts', name),
      `${readFileSync(join(folder, 'posts', name), 'utf8')}\nEdit ${round}.\n`,
    );
}

async function timedImport(folder, db, images) {
  const started = performance.now();
  await run(process.execPath, [CLI, 'import', folder], {
    env: { DATABASE_URL: db, IMAGES_DIR: images, LOG_LEVEL: 'warn' },
    quiet: true,
  });
  return performance.now() - started;
}

const times = { cold: [], warm: [], tinyFirst: [], tinyAgain: [] };
for (let round = 1; round <= rounds; round++) {
  for (const [folder, first, again] of [
    [real, 'cold', 'warm'],
    [tiny, 'tinyFirst', 'tinyAgain'],
  ]) {
    const db = join(dir, `r${round}-${first}.db`);
    const images = join(dir, `r${round}-${first}-images`);
    times[first].push(await timedImport(folder, db, images));
    touchPosts(folder, round);
    times[again].push(await timedImport(folder, db, images));
  }
}
const ms = (key) => median(times[key]);
console.log(
  `\nImport of the demo content (postfolio import, fresh SQLite store), median of ${rounds}`,
);
table(
  ['import', 'demo images', 'images of 1 pixel (baseline)', 'ratio'],
  [
    [
      'first, image cache cold',
      `${fmt(ms('cold'))} ms`,
      `${fmt(ms('tinyFirst'))} ms`,
      fmt(ms('cold') / ms('tinyFirst'), 2),
    ],
    [
      'every post changed, image cache warm',
      `${fmt(ms('warm'))} ms`,
      `${fmt(ms('tinyAgain'))} ms`,
      fmt(ms('warm') / ms('tinyAgain'), 2),
    ],
  ],
);
recordBar({
  bar: 'Images: import with a warm image cache beside one without images',
  figure: `${fmt(ms('warm'))} ms / ${fmt(ms('tinyAgain'))} ms = ${fmt(ms('warm') / ms('tinyAgain'), 2)}`,
  target: '≤ 1.10',
  pass: ms('warm') / ms('tinyAgain') <= 1.1,
});
recordBar({ bar: 'Images: import with a cold image cache', figure: `${fmt(ms('cold'))} ms` });

// ---- Bytes each screen downloads, and metadata of every served file ----
const servedDb = join(dir, `r1-cold.db`);
const app = await startAppServer({
  port,
  databaseUrl: servedDb,
  extraEnv: { IMAGES_DIR: join(dir, 'r1-cold-images'), CONTENT_DIR: join(dir, 'none') },
});
const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_FLAGS });
try {
  /** The file the browser picked for the first <img> matching `selector`, and its bytes. */
  async function picked(viewport, deviceScaleFactor, path, selector) {
    const context = await browser.newContext({ viewport, deviceScaleFactor });
    const page = await context.newPage();
    await page.goto(`${app.url}${path}`);
    const image = page.locator(selector).first();
    await image.scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (el) => el.complete && el.naturalWidth > 0,
      await image.elementHandle(),
    );
    const src = await image.evaluate((el) => el.currentSrc);
    const bytes = (await (await fetch(src)).arrayBuffer()).byteLength;
    await context.close();
    return { src: new URL(src).pathname, bytes };
  }
  const card = `article:has-text("${TITLE}") img`;
  const cases = [
    [
      'card, phone 390×844 at DPR 3',
      { width: 390, height: 844 },
      3,
      pagePath.posts(),
      card,
      original / 20,
      '≤ 1/20 of the original',
    ],
    [
      'card, desktop 1280×800 at DPR 1',
      { width: 1280, height: 800 },
      1,
      pagePath.posts(),
      card,
      50 * 1024,
      '≤ 50 KB',
    ],
    [
      'post page main image, phone at DPR 3',
      { width: 390, height: 844 },
      3,
      `/${SLUG}`,
      '.post-cover img',
      original / 10,
      '≤ 1/10 of the original',
    ],
  ];
  const rows = [];
  for (const [label, viewport, dpr, path, selector, limit, target] of cases) {
    const { src, bytes } = await picked(viewport, dpr, path, selector);
    rows.push([
      label,
      src.replace(/^\/images\//, ''),
      kb(bytes),
      kb(original),
      `1/${fmt(original / bytes, 1)}`,
      target,
    ]);
    recordBar({
      bar: `Images: ${label}`,
      figure: `${kb(bytes)} (1/${fmt(original / bytes, 1)})`,
      target,
      pass: bytes <= limit,
    });
  }
  console.log(
    `\nThe demo photograph (${PHOTO}, 4000×3000, ${kb(original)}): what each screen downloads`,
  );
  table(['place', 'file picked', 'bytes', 'before (the original)', 'share', 'target'], rows);

  const { data } = await (await fetch(`${app.url}${apiPath.posts(1)}`)).json();
  const variants = data.find((c) => c.image === PHOTO).image_variants;
  let withExif = 0;
  for (const file of [...variants.files, variants.share]) {
    const meta = await sharp(
      Buffer.from(await (await fetch(`${app.url}${file.url}`)).arrayBuffer()),
    ).metadata();
    if (meta.exif || meta.xmp || meta.iptc) withExif += 1;
  }
  const sourceMeta = await sharp(join(ROOT, 'content', 'images', PHOTO)).metadata();
  console.log(
    `\nMetadata: the original carries ${sourceMeta.exif?.length ?? 0} bytes of EXIF (GPS included); ` +
      `${withExif} of the ${variants.files.length + 1} served files of it carry any EXIF, XMP or IPTC`,
  );
  recordBar({
    bar: 'Images: served files of a GPS-tagged photo with EXIF',
    figure: String(withExif),
    target: '0',
    pass: withExif === 0,
  });

  // ---- Lighthouse: the three image audits on a phone ----
  if (process.env.BENCH_LIGHTHOUSE !== '0') {
    process.env.CHROME_PATH = CHROME_PATH;
    const { default: lighthouse } = await import('lighthouse');
    const chromeLauncher = await import('chrome-launcher');
    const chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: CHROMIUM_FLAGS,
    });
    const AUDITS = ['uses-responsive-images', 'modern-image-formats', 'unsized-images'];
    const lhRows = [];
    try {
      for (const path of [pagePath.posts(), pagePath.post(SLUG)]) {
        const { lhr } = await lighthouse(`${app.url}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyAudits: AUDITS,
        });
        const scores = AUDITS.map((id) => lhr.audits[id]?.score);
        lhRows.push([
          path,
          ...scores.map((s) => (s === null ? 'n/a' : s === 1 ? 'pass' : `FAIL (${s})`)),
        ]);
        recordBar({
          bar: `Lighthouse mobile ${path}: properly size images, modern formats, explicit width and height`,
          figure: scores.map((s) => (s === null ? 'n/a' : s)).join(' / '),
          target: 'pass each',
          pass: scores.every((s) => s === null || s === 1),
        });
      }
    } finally {
      await chrome.kill();
    }
    console.log('\nLighthouse 12, mobile emulation: the image audits');
    table(['page', 'properly size images', 'modern formats', 'explicit width and height'], lhRows);
  }
} finally {
  await browser.close();
  await stopChild(app.child);
}
