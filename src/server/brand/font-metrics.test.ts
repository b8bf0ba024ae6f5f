import { describe, expect, it } from 'vitest';
import { fontMetricsModule } from '../../../scripts/font-metrics.js';
import written from './font-metrics.ts?raw';

describe('the fonts’ metrics', () => {
  it('are those of the installed @capsizecss/metrics (`npm run font-metrics` writes them)', async () => {
    expect(written, 'run `npm run font-metrics` and commit it').toBe(await fontMetricsModule());
  });
});
