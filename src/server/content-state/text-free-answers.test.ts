import { describe, expect, it } from 'vitest';
import { apiPath, feedPath, pagePath } from '../../shared/paths.js';
import { movedTextsOnly, type ContentState } from './content-state.js';
import { showsNoPostText } from './text-free-answers.js';

describe('showsNoPostText', () => {
  it('keeps lists, categories, tags, the site, the landing page and the portfolio', () => {
    for (const url of [
      apiPath.posts(1),
      apiPath.posts(40),
      apiPath.postsCate(2, 3),
      apiPath.postsTag('http', 2),
      apiPath.postcates(),
      apiPath.tags(),
      apiPath.site(),
      pagePath.landing(),
      pagePath.resume(),
      pagePath.posts({ category: 2, page: 3 }),
      pagePath.category(1, 2),
      pagePath.tag('http'),
    ])
      expect(showsNoPostText(url), url).toBe(true);
  });

  it('drops posts, searches, previews, feeds and the sitemap', () => {
    for (const url of [
      apiPath.post('alpha'),
      apiPath.search('caches', 1),
      `${apiPath.postsCate(2, 1).split('?')[0]}/extra`,
      pagePath.post('alpha'),
      pagePath.search('caches'),
      pagePath.preview('token'),
      feedPath.rss(),
      feedPath.sitemap(),
    ])
      expect(showsNoPostText(url), url).toBe(false);
  });
});

describe('movedTextsOnly', () => {
  const at = (version: number, textOnlySince: number | null): ContentState => ({
    version,
    site: null,
    textOnlySince,
  });

  it('holds for one move that its import recorded as texts only', () => {
    expect(movedTextsOnly(at(4, null), at(5, 4))).toBe(true);
  });

  it('does not for a first look, several moves at once, or an unrecorded move', () => {
    expect(movedTextsOnly(at(-1, null), at(5, 4))).toBe(false);
    expect(movedTextsOnly(at(3, null), at(5, 4))).toBe(false);
    expect(movedTextsOnly(at(4, null), at(5, null))).toBe(false);
    expect(movedTextsOnly(at(4, null), at(5, 3))).toBe(false);
  });
});
