import { afterEach, describe, expect, it, vi } from 'vitest';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const byTheSegmenter = (text: string, count: number) =>
  [...segmenter.segment(text)]
    .slice(0, count)
    .map((part) => part.segment)
    .join('');

/** The module anew, its segmenter not made yet, with Intl.Segmenter's constructions counted. */
async function freshModule() {
  vi.resetModules();
  const made = vi.spyOn(Intl, 'Segmenter');
  return { ...(await import('./initials.js')), made };
}

afterEach(() => vi.restoreAllMocks());

describe('initials and first graphemes', () => {
  it('cut every text as Intl.Segmenter does, Latin or not', async () => {
    const { firstGraphemes } = await freshModule();
    const texts = [
      'Ada',
      'A',
      '',
      'Émile',
      'E\u0301mile',
      'Ze\u0301',
      'Zoë',
      'Łukasz',
      'Ørsted',
      'ǅemal',
      'a\u200dbc',
      '👩‍💻dev',
      '🇳🇴Norway',
      'Ἀθηνᾶ',
      '한국어',
      'कृष्ण',
      'x\u00adyz',
      'Noor Halvorsen — Notes on the web',
    ];
    for (const text of texts)
      for (const count of [1, 2, 12])
        expect(firstGraphemes(text, count), `${text} (${count})`).toBe(byTheSegmenter(text, count));
  });

  it('make no segmenter for a Latin name, and one when a cut needs it', async () => {
    const { initials, made } = await freshModule();
    expect(initials('  Ada King Lovelace ')).toBe('AL');
    expect(initials('Łukasz')).toBe('Łu');
    expect(initials('Zoë Ørsted')).toBe('ZØ');
    expect(initials(' \t ')).toBe('');
    expect(made).not.toHaveBeenCalled();
    expect(initials('E\u0301mile Zola')).toBe('E\u0301Z');
    expect(initials('👩‍💻 Kim')).toBe('👩‍💻K');
    expect(made).toHaveBeenCalledTimes(1);
  });
});
