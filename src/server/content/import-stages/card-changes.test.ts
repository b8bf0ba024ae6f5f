import { describe, expect, it } from 'vitest';
import { CHANGE_LISTED, textEdits } from '../../content-state/content-change.js';
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

describe('ChangeCollector', () => {
  it('records a text edit as its post alone', () => {
    const changes = new ChangeCollector();
    changes.wrote('alpha', card(), [tag('http')], { fields: card(), tags: [tag('http')] });
    expect(changes.change()).toEqual(textEdits(['alpha']));
  });

  it('records new reading figures as a change of its lists, not of the links other posts show', () => {
    const changes = new ChangeCollector();
    changes.wrote('alpha', card({ word_count: 120, reading_minutes: 2 }), [tag('http')], {
      fields: card(),
      tags: [tag('http')],
    });
    expect(changes.change()).toEqual({
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
    const changes = new ChangeCollector();
    changes.wrote('alpha', card({ title: 'New' }), [tag('http')], {
      fields: card(),
      tags: [tag('http')],
    });
    expect(changes.change()).toEqual({
      ...textEdits(['alpha']),
      categories: [1],
      tags: ['http'],
      linkCategories: [1],
      linkTags: ['http'],
      cards: true,
    });
  });

  it('touches the lists a post leaves and joins, and counts a move between categories', () => {
    const changes = new ChangeCollector();
    changes.wrote('alpha', card({ category_id: 2 }), [tag('css')], {
      fields: card(),
      tags: [tag('http')],
    });
    expect(changes.change()).toMatchObject({
      categories: [2, 1],
      tags: ['css', 'http'],
      linkCategories: [2, 1],
      linkTags: ['css', 'http'],
      cards: true,
      counts: true,
    });
  });

  it("counts a tag's posts when a post's tags change, and not its category's", () => {
    const changes = new ChangeCollector();
    changes.wrote('alpha', card(), [tag('css')], { fields: card(), tags: [tag('http')] });
    expect(changes.change()).toMatchObject({ counts: false, tagCounts: true });
    const retitled = new ChangeCollector();
    retitled.wrote('alpha', card({ title: 'New' }), [tag('css')], {
      fields: card(),
      tags: [tag('css')],
    });
    expect(retitled.change()).toMatchObject({ counts: false, tagCounts: false });
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
