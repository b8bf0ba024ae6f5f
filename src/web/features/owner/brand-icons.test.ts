import { describe, expect, it } from 'vitest';
import { brandIconsModule } from '../../../../scripts/brand-icons.js';
import written from './brand-icons.ts?raw';

describe('the services’ marks', () => {
  it('are those of the installed simple-icons (`npm run icons` writes them)', async () => {
    expect(written, 'run `npm run icons` and commit it').toBe(await brandIconsModule());
  });
});
