import { describe, expect, it } from 'vitest';
import { keptAfter, textEdits, type ContentChange } from './content-change.js';
import { changeSince, type ContentState } from '../content-state/content-state.js';
import { scope, ShownContent, tagsOfCards } from './shown-content.js';

const change = (extra: Partial<ContentChange>): ContentChange => ({
  ...textEdits([]),
  ...extra,
});
/** What each kind of answer shows, as its producer records it. */
const SHOWN = {
  allPosts: [scope.anyCard],
  categoryList: [scope.category(2), scope.tagName('http')],
  tagList: [scope.tag('css')],
  categories: [scope.counts],
  landing: [],
  alpha: [
    scope.post('alpha'),
    scope.categoryLinks(1),
    scope.tagLinks('http'),
    scope.tagName('http'),
  ],
  beta: [scope.post('beta'), scope.categoryLinks(2)],
  search: undefined,
} satisfies Record<string, readonly string[] | undefined>;

/** The names of the answers of SHOWN that `change` keeps. */
function keptBy(of: ContentChange): string[] {
  const kept = keptAfter(of);
  return Object.entries(SHOWN)
    .filter(([, shown]) => kept(shown))
    .map(([name]) => name);
}

describe('keptAfter', () => {
  it('after text edits, keeps every answer but the edited posts and those showing anything', () => {
    expect(keptBy(textEdits(['alpha']))).toEqual([
      'allPosts',
      'categoryList',
      'tagList',
      'categories',
      'landing',
      'beta',
    ]);
  });

  it('drops every post when the edited ones are not listed', () => {
    expect(keptBy(textEdits(null))).toEqual([
      'allPosts',
      'categoryList',
      'tagList',
      'categories',
      'landing',
    ]);
  });

  it('after new reading figures, drops the lists of its category and tags and what shows any card', () => {
    const longer = change({ posts: ['gamma'], categories: [1], tags: ['http'], cards: true });
    expect(keptBy(longer)).toEqual([
      'categoryList',
      'tagList',
      'categories',
      'landing',
      'alpha',
      'beta',
    ]);
    const onAlpha = change({ posts: ['alpha'], categories: [2], tags: ['css'], cards: true });
    expect(keptBy(onAlpha)).toEqual(['categories', 'landing', 'beta']);
  });

  it('after a new title, drops the posts that link to it too', () => {
    const retitled = change({
      posts: ['gamma'],
      categories: [1],
      tags: ['css'],
      linkCategories: [1],
      linkTags: ['css'],
      cards: true,
    });
    expect(keptBy(retitled)).toEqual(['categoryList', 'categories', 'landing', 'beta']);
  });

  it('after a post is added, drops what counts posts too', () => {
    const added = change({
      posts: ['gamma'],
      categories: [3],
      tags: ['css'],
      linkCategories: [3],
      linkTags: ['css'],
      cards: true,
      counts: true,
    });
    expect(keptBy(added)).toEqual(['categoryList', 'landing', 'alpha', 'beta']);
  });

  it("after a tag's new name, drops every answer that shows it", () => {
    const renamed = change({ posts: ['gamma'], tagNames: ['http'], cards: true });
    expect(keptBy(renamed)).toEqual(['tagList', 'categories', 'landing', 'beta']);
  });
});

describe('ShownContent', () => {
  it('lists each scope once, and none once it may show everything', () => {
    const shown = new ShownContent().add(scope.counts, scope.post('a'), scope.counts);
    expect(shown.scopes).toEqual([scope.counts, scope.post('a')]);
    expect(shown.everything().add(scope.anyCard).scopes).toBeUndefined();
  });

  it("names the tags of a page's cards", () => {
    const cards = [{ tags: [{ slug: 'http' }, { slug: 'css' }] }, { tags: [] }];
    expect(tagsOfCards(cards)).toEqual([scope.tagName('http'), scope.tagName('css')]);
  });
});

describe('changeSince', () => {
  const edited = textEdits(['alpha']);
  const at = (version: number, changedSince: number | null): ContentState => ({
    version,
    site: null,
    changedSince,
    change: changedSince === null ? null : edited,
    themeCss: null,
  });

  it('is the recorded change for one move that its import recorded', () => {
    expect(changeSince(at(4, null), at(5, 4))).toBe(edited);
  });

  it('is null for a first look, several moves at once, or an unrecorded move', () => {
    expect(changeSince(at(-1, null), at(5, 4))).toBeNull();
    expect(changeSince(at(3, null), at(5, 4))).toBeNull();
    expect(changeSince(at(4, null), at(5, null))).toBeNull();
    expect(changeSince(at(4, null), at(5, 3))).toBeNull();
  });
});
