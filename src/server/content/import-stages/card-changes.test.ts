import { describe, expect, it } from 'vitest';
import { CHANGE_LISTED, textEdits } from '../../cache/content-change.js';
import { ChangeCollector, type CardFields } from './card-changes.js';

const card = (extra: Partial<CardFields> = {}): CardFields => ({
  title: 'A post',
  summary: 'About it.',
  image: 'a.jpg',
  image_alt: null,
  category_id: 1,
  published_at: '2025-01-01T00:00:00.000Z',
  modified_at: null,
  draft: 0,
  reading_minutes: 1,
  word_count: 100,
  ...extra,
});
const tag = (slug: string, name = slug) => ({ slug, name });
/** The change of writing alpha as `edit` and `tags` over the default card tagged `before`. */
function alphaWritten(edit: Partial<CardFields>, tags = [tag('http')], before = [tag('http')]) {
  const changes = new ChangeCollector();
  changes.wrote('alpha', card(edit), tags, { fields: card(), tags: before });
  return changes.change();
}

describe('ChangeCollector', () => {
  it('records a text edit as its post alone', () => {
    expect(alphaWritten({})).toEqual(textEdits(['alpha']));
  });

  it('records new reading figures as a change of its lists, not of the links other posts show', () => {
    expect(alphaWritten({ word_count: 120, reading_minutes: 2 })).toEqual({
      ...textEdits(['alpha']),
      categories: [1],
      tags: ['http'],
      cards: true,
    });
  });

  it('records a tag written with a new name', () => {
    const changes = new ChangeCollector();
    changes.named(
      [tag('http', 'HTTP'), tag('css'), tag('new')],
      new Map([
        ['http', 'http'],
        ['css', 'css'],
      ]),
    );
    expect(changes.change()?.tagNames).toEqual(['http']);
  });

  it('records a new title as a card change of its category and tags, counts as they were', () => {
    expect(alphaWritten({ title: 'New' })).toEqual({
      ...textEdits(['alpha']),
      categories: [1],
      tags: ['http'],
      linkCategories: [1],
      linkTags: ['http'],
      cards: true,
    });
  });

  it('touches the lists a post leaves and joins, and counts a move between categories', () => {
    expect(alphaWritten({ category_id: 2 }, [tag('css')], [tag('http')])).toMatchObject({
      categories: [2, 1],
      tags: ['css', 'http'],
      linkCategories: [2, 1],
      linkTags: ['css', 'http'],
      cards: true,
      counts: true,
    });
  });

  it("counts a tag's posts when a post's tags change, and not its category's", () => {
    expect(alphaWritten({}, [tag('css')], [tag('http')])).toMatchObject({
      counts: false,
      tagCounts: true,
    });
    expect(alphaWritten({ title: 'New' }, [tag('css')], [tag('css')])).toMatchObject({
      counts: false,
      tagCounts: false,
    });
  });

  it('counts a new post, one hidden, one rescheduled and one removed', () => {
    const cases: [string, (changes: ChangeCollector) => void][] = [
      ['new', (c) => c.wrote('new', card(), [])],
      ['draft', (c) => c.wrote('a', card({ draft: 1 }), [], { fields: card(), tags: [] })],
      [
        'rescheduled',
        (c) =>
          c.wrote('a', card({ published_at: '2030-01-01T00:00:00.000Z' }), [], {
            fields: card(),
            tags: [],
          }),
      ],
      ['removed', (c) => c.removed('a', { fields: card(), tags: [tag('http')] })],
    ];
    for (const [name, write] of cases) {
      const changes = new ChangeCollector();
      write(changes);
      expect(changes.change(), name).toMatchObject({
        categories: [1],
        linkCategories: [1],
        cards: true,
        counts: true,
      });
    }
  });

  it('lists no posts past CHANGE_LISTED, and records no change past as many tags', () => {
    const many = new ChangeCollector();
    for (let i = 0; i <= CHANGE_LISTED; i++)
      many.wrote(`post-${i}`, card(), [], { fields: card(), tags: [] });
    expect(many.change()).toMatchObject({ posts: null, cards: false });
    const tagged = new ChangeCollector();
    for (let i = 0; i <= CHANGE_LISTED; i++) tagged.wrote(`post-${i}`, card(), [tag(`t${i}`)]);
    expect(tagged.change()).toBeNull();
    expect([many.listing, tagged.listing]).toEqual([true, false]);
  });
});
