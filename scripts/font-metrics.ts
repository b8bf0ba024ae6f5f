// The text of src/server/brand/font-metrics.ts: the metrics of the fonts the site serves and of
// their local fallbacks, copied from @capsizecss/metrics at build time, so that the package (≈ 30,000
// files, 169 MB, for every font of Google Fonts and the systems) is a development dependency only.
// `npm run font-metrics` writes it; a test fails while the file and the installed package differ.
import arial from '@capsizecss/metrics/arial';
import courierNew from '@capsizecss/metrics/courierNew';
import inter from '@capsizecss/metrics/inter';
import jetBrainsMono from '@capsizecss/metrics/jetBrainsMono';
import sourceSans3 from '@capsizecss/metrics/sourceSans3';
import sourceSerif4 from '@capsizecss/metrics/sourceSerif4';
import timesNewRoman from '@capsizecss/metrics/timesNewRoman';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';

export const FONT_METRICS_FILE = join('src', 'server', 'brand', 'font-metrics.ts');

/** The fonts, by the name the module exports them under. */
const FONTS = { arial, courierNew, inter, jetBrainsMono, sourceSans3, sourceSerif4, timesNewRoman };

/** The module's text, laid out as `prettier --write` leaves it. */
export async function fontMetricsModule(): Promise<string> {
  const { version } = JSON.parse(
    readFileSync(join('node_modules', '@capsizecss', 'metrics', 'package.json'), 'utf8'),
  ) as { version: string };
  const text = [
    `// Written by \`npm run font-metrics\` (scripts/font-metrics.ts) from @capsizecss/metrics ${version}.`,
    '// Do not edit: change scripts/font-metrics.ts and run it again.',
    '',
    '/** What capsize needs of each font to size a fallback like it, by the font. */',
    `export const FONT_METRICS = ${JSON.stringify(FONTS)} as const;`,
    '',
  ].join('\n');
  const options = await resolveConfig(FONT_METRICS_FILE);
  return format(text, { ...options, filepath: FONT_METRICS_FILE });
}
