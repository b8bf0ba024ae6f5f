import { describe, expect, it } from 'vitest';
import { pageItems } from './page-items.js';

describe('pageItems', () => {
  it('lists every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps first and last with gaps around the current page', () => {
    expect(pageItems(250, 500)).toEqual([1, 'gap', 249, 250, 251, 'gap', 500]);
    expect(pageItems(1, 500)).toEqual([1, 2, 'gap', 500]);
    expect(pageItems(500, 500)).toEqual([1, 'gap', 499, 500]);
  });

  it('shows a single skipped page instead of an ellipsis', () => {
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
  });

  it('copes with a page past the last', () => {
    expect(pageItems(9, 3)).toEqual([1, 2, 3]);
  });
});
