import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ImagePlaceholder, toneOf } from './image-placeholder.js';

describe('the placeholder of a missing image', () => {
  it('shows the name’s initials on a tile hidden from screen readers, with the caller’s class', () => {
    expect(
      renderToStaticMarkup(<ImagePlaceholder name="Vitals Lens" className="card__image" />),
    ).toBe(
      `<div class="image-placeholder image-placeholder--${toneOf('Vitals Lens')} card__image" aria-hidden="true"><span>VL</span></div>`,
    );
  });

  it('draws the same name alike every time, and neighbours in every tone', () => {
    expect(toneOf('Docket')).toBe(toneOf('Docket'));
    const names = [
      'Docket',
      'Shelfie',
      'QueryLog',
      'Focus Trail',
      'Brandkit',
      'Vitals Lens',
      'Notes',
    ];
    for (const name of names) expect([0, 1, 2, 3]).toContain(toneOf(name));
    expect(new Set(names.map(toneOf)).size).toBeGreaterThan(2);
  });
});
