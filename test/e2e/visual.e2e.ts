import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { splitFrontMatter } from '../../src/server/content/front-matter.js';
import { pagePath } from '../../src/shared/paths.js';
import { useE2E } from './helpers/browser.js';
import { ROOT } from './helpers/server.js';
import {
  compareScreens,
  POST_CODE_TABLE,
  visualScreen,
  type VisualScreen,
} from './helpers/visual-shots.js';

/**
 * Visual regression: the first screenful of each page, at a phone's and a desktop's width, in
 * light and dark, compared with the PNGs in visual-baselines/. A failure leaves the actual,
 * expected and diff images in test-results/visual/; `UPDATE_VISUAL=1` rewrites the baselines.
 */
const e2e = useE2E();

const VISUAL_SCREENS: VisualScreen[] = [
  visualScreen('landing'),
  visualScreen('resume'),
  visualScreen('posts'),
  visualScreen('category'),
  POST_CODE_TABLE,
  visualScreen('search'),
  // SCREENS' empty search asks for Chinese text, drawn in whatever CJK font the machine has (or
  // as empty boxes, here): a word in Latin letters keeps the shot independent of that.
  { name: 'search-empty', path: pagePath.search('quokka') },
];

describe('visual regression (test/e2e/visual-baselines)', () => {
  // The pages print dates, not ages, so only a post going live by the clock could change them.
  it('shots of the demo content: no post of it is dated later than now', () => {
    const posts = join(ROOT, 'content', 'posts');
    const later = readdirSync(posts)
      .filter((file) => /\.(md|markdown)$/.test(file))
      .filter((file) => {
        const split = splitFrontMatter(readFileSync(join(posts, file), 'utf8'));
        const date = split.kind === 'split' ? (parse(split.yaml) as { date: string }).date : '';
        return new Date(date).getTime() > Date.now();
      });
    expect(later, 'scheduled demo posts: they would change the shots when they go live').toEqual(
      [],
    );
  });

  compareScreens(e2e, VISUAL_SCREENS);
});
