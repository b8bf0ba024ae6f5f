// `npm run font-metrics`: writes the metrics of the fonts the site serves from @capsizecss/metrics.
import { writeFileSync } from 'node:fs';
import { FONT_METRICS_FILE, fontMetricsModule } from './font-metrics.js';

writeFileSync(FONT_METRICS_FILE, await fontMetricsModule());
console.log(`wrote ${FONT_METRICS_FILE}`);
