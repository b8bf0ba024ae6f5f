import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { ROOT } from './server.js';

/** The committed reference images of the visual suite. */
export const BASELINE_DIR = join(ROOT, 'test', 'e2e', 'visual-baselines');
/** Where a mismatch leaves its actual, expected and diff images. */
export const VISUAL_RESULTS_DIR = join(ROOT, 'test-results', 'visual');
/** `UPDATE_VISUAL=1` writes the screenshots as the new baselines instead of comparing. */
export const UPDATING = process.env.UPDATE_VISUAL === '1';

/**
 * pixelmatch's per-pixel colour distance (0–1, its default): below it two pixels count as equal,
 * so a one-step difference in a gradient or a font's hinting passes, a changed colour does not.
 */
const PIXEL_THRESHOLD = 0.1;
/**
 * The share of pixels that may differ: 0.02 % (about 230 pixels of a 1280 × 900 shot, 65 of a
 * 390 × 844 one), room for a glyph or two rasterized differently. Repeated runs on one machine
 * and Chromium match exactly (0 pixels), while a recoloured link of two words already moves more
 * than this, and a changed colour token 0.5–1.5 % of a page.
 */
export const MAX_DIFF_RATIO = 0.0002;

export type VisualResult =
  | { status: 'match' | 'updated'; ratio: number }
  | { status: 'missing' | 'size' | 'differs'; ratio: number; message: string };

/**
 * Compares a screenshot with its baseline `<name>.png`. On any difference the actual, expected
 * and diff images are written to test-results/visual/ and the result says why; when updating,
 * the screenshot becomes the baseline.
 */
export function compareWithBaseline(name: string, actual: Buffer): VisualResult {
  const baselinePath = join(BASELINE_DIR, `${name}.png`);
  const out = (suffix: string) => join(VISUAL_RESULTS_DIR, `${name}.${suffix}.png`);
  for (const suffix of ['actual', 'expected', 'diff']) rmSync(out(suffix), { force: true });
  if (UPDATING) {
    mkdirSync(BASELINE_DIR, { recursive: true });
    writeFileSync(baselinePath, actual);
    return { status: 'updated', ratio: 0 };
  }
  mkdirSync(VISUAL_RESULTS_DIR, { recursive: true });
  if (!existsSync(baselinePath)) {
    writeFileSync(out('actual'), actual);
    return {
      status: 'missing',
      ratio: 1,
      message: `no baseline ${baselinePath}; the shot is in ${out('actual')} (UPDATE_VISUAL=1 writes it)`,
    };
  }
  const expectedPng = PNG.sync.read(readFileSync(baselinePath));
  const actualPng = PNG.sync.read(actual);
  const { width, height } = expectedPng;
  if (actualPng.width !== width || actualPng.height !== height) {
    writeFileSync(out('actual'), actual);
    writeFileSync(out('expected'), readFileSync(baselinePath));
    return {
      status: 'size',
      ratio: 1,
      message: `${actualPng.width}×${actualPng.height} instead of the baseline's ${width}×${height}; see ${out('actual')}`,
    };
  }
  const diff = new PNG({ width, height });
  const differing = pixelmatch(expectedPng.data, actualPng.data, diff.data, width, height, {
    threshold: PIXEL_THRESHOLD,
  });
  const ratio = differing / (width * height);
  if (ratio <= MAX_DIFF_RATIO) return { status: 'match', ratio };
  writeFileSync(out('actual'), actual);
  writeFileSync(out('expected'), readFileSync(baselinePath));
  writeFileSync(out('diff'), PNG.sync.write(diff));
  return {
    status: 'differs',
    ratio,
    message: `${(ratio * 100).toFixed(2)} % of pixels differ (at most ${MAX_DIFF_RATIO * 100} % may); see ${out('diff')}`,
  };
}
