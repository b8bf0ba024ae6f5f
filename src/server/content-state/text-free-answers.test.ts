import { describe, expect, it } from 'vitest';
import { apiPath, feedPath, pagePath } from '../../shared/paths.js';
import { movedTextsOnly, type ContentState } from './content-state.js';
import { keptAfterTextEdits, postOf, showsNoPostText } from './text-free-answers.js';

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

describe('postOf', () => {
  it('names the post of a page or a JSON view, with or without a query', () => {
    expect(postOf(pagePath.post('alpha'))).toBe('alpha');
    expect(postOf(`${pagePath.post('alpha-2')}?ref=feed`)).toBe('alpha-2');
    expect(postOf(apiPath.post('beta'))).toBe('beta');
    expect(postOf(`${apiPath.post('beta')}?x=1`)).toBe('beta');
  });

  it('names none for other answers or a post address in another form', () => {
    for (const url of [
      feedPath.rss(),
      feedPath.sitemap(),
      pagePath.search('alpha'),
      apiPath.search('alpha', 1),
      `${apiPath.post('alpha')}/extra`,
      '/Alpha',
      '/%61lpha',
      pagePath.landing(),
    ])
      expect(postOf(url), url).toBeUndefined();
  });
});

describe('keptAfterTextEdits', () => {
  const listed = keptAfterTextEdits(['alpha']);
  const unlisted = keptAfterTextEdits(null);

  it('keeps the posts not edited when the edited ones are listed, and drops the edited', () => {
    for (const url of [pagePath.post('beta'), apiPath.post('beta'), apiPath.posts(1)])
      expect(listed(url), url).toBe(true);
    for (const url of [pagePath.post('alpha'), apiPath.post('alpha'), '/Beta'])
      expect(listed(url), url).toBe(false);
  });

  it('drops search results, feeds and the sitemap either way', () => {
    for (const keep of [listed, unlisted])
      for (const url of [
        apiPath.search('beta', 1),
        pagePath.search('beta'),
        feedPath.rss(),
        feedPath.sitemap(),
      ])
        expect(keep(url), url).toBe(false);
  });

  it('drops every post when the edited ones are not listed', () => {
    expect(unlisted(pagePath.post('beta'))).toBe(false);
    expect(unlisted(apiPath.post('beta'))).toBe(false);
    expect(unlisted(apiPath.posts(1))).toBe(true);
  });
});

describe('movedTextsOnly', () => {
  const at = (version: number, textOnlySince: number | null): ContentState => ({
    version,
    site: null,
    textOnlySince,
    textEditedSlugs: null,
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
