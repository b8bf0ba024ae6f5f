import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CARD_IMAGE_SIZES } from '../../src/shared/image-layout.js';
import { useE2E, visit } from './helpers/browser.js';
import { pagePath } from '../../src/shared/paths.js';

/**
 * The card grid and the reading column as laid out by the browser: cards a row at each width,
 * rows of equal height, the image's fixed shape and its `sizes` matching the drawn width, the
 * summary clamped, the article's measure in characters, the controls' contrast in dark mode and
 * the alignment and scrolling of a post's tables.
 */
const e2e = useE2E();

interface Row {
  count: number;
  heights: number[];
}

/** The cards of the page grouped by the row they are drawn in. Runs in the page. */
function cardRows(): Row[] {
  const rows = new Map<number, number[]>();
  for (const card of document.querySelectorAll('.card-grid > .card')) {
    const box = card.getBoundingClientRect();
    const top = Math.round(box.top + window.scrollY);
    rows.set(top, [...(rows.get(top) ?? []), Math.round(box.height)]);
  }
  return [...rows.values()].map((heights) => ({ count: heights.length, heights }));
}

async function tabAt(width: number, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const { page } = await e2e.tab({ viewport: { width, height: 900 }, colorScheme });
  return page;
}

describe('the card grid', () => {
  for (const [width, perRow] of [
    [2560, 4],
    [1280, 4],
    [1024, 3],
    [768, 2],
    [390, 1],
  ] as const) {
    it(`shows ${perRow} cards a row at ${width}px, each row's cards of one height`, async () => {
      const page = await tabAt(width);
      await visit(page, pagePath.posts());
      const rows = await page.evaluate(cardRows);
      expect(rows.length).toBeGreaterThan(1);
      // Every row full but the last.
      for (const row of rows.slice(0, -1)) expect(row.count).toBe(perRow);
      for (const row of rows) expect(Math.max(...row.heights) - Math.min(...row.heights)).toBe(0);
    });

    it(`draws each card's image 16:9 and as wide as its sizes say at ${width}px`, async () => {
      const page = await tabAt(width);
      await visit(page, pagePath.posts());
      const images = await page.evaluate((sizes) => {
        // The width `sizes` names for this screen: its first matching condition's length.
        const entries = sizes.split(/,\s*(?![^(]*\))/).map((entry) => entry.trim());
        const chosen =
          entries
            .map((entry) => /^(\(.*?\))\s+(.*)$/.exec(entry))
            .find((match) => match && window.matchMedia(match[1]!).matches)?.[2] ?? entries.at(-1)!;
        const probe = document.createElement('div');
        probe.style.width = chosen;
        document.body.append(probe);
        const sized = probe.getBoundingClientRect().width;
        probe.remove();
        return [...document.querySelectorAll<HTMLImageElement>('.card__image img')].map((img) => {
          const box = img.getBoundingClientRect();
          return {
            width: box.width,
            height: box.height,
            sized,
            fit: getComputedStyle(img).objectFit,
          };
        });
      }, CARD_IMAGE_SIZES);
      expect(images.length).toBeGreaterThan(0);
      for (const image of images) {
        expect(image.fit).toBe('cover');
        expect(Math.abs(image.width / image.height - 16 / 9)).toBeLessThan(0.02);
        expect(Math.abs(image.sized - image.width)).toBeLessThanOrEqual(1);
      }
    });
  }

  it('clamps a summary to three lines inside its card, at 320px and at 200 % text', async () => {
    const page = await tabAt(320);
    await visit(page, pagePath.posts());
    for (const zoom of ['100%', '200%']) {
      await page.evaluate((size) => (document.documentElement.style.fontSize = size), zoom);
      const summaries = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.card__summary')].map((p) => {
          const card = p.closest('.card')!.getBoundingClientRect();
          const box = p.getBoundingClientRect();
          const line = parseFloat(getComputedStyle(p).lineHeight);
          return {
            lines: Math.round(box.height / line),
            inside: box.bottom <= card.bottom + 1 && box.right <= card.right + 1,
          };
        }),
      );
      for (const summary of summaries) {
        expect(summary.lines, zoom).toBeLessThanOrEqual(3);
        expect(summary.inside, zoom).toBe(true);
      }
    }
  });
});

/** Characters a line of the post's longest paragraph holds. Runs in the page. */
function measure(): number {
  const paragraphs = [...document.querySelectorAll<HTMLElement>('.prose > p')];
  const longest = paragraphs.sort((a, b) => b.innerText.length - a.innerText.length)[0]!;
  const range = document.createRange();
  range.selectNodeContents(longest);
  const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  return longest.innerText.length / lines;
}

describe('the reading column', () => {
  for (const width of [1024, 1280, 1920, 2560]) {
    it(`sets the article 60 to 80 characters a line at ${width}px`, async () => {
      const page = await tabAt(width);
      await visit(page, '/full-text-search-with-fts5');
      const characters = await page.evaluate(measure);
      expect(characters).toBeGreaterThanOrEqual(60);
      expect(characters).toBeLessThanOrEqual(80);
    });
  }

  it('right-aligns the columns a table aligns right and scrolls wide tables in their box', async () => {
    const page = await tabAt(320);
    await visit(page, '/reading-an-explain-plan');
    const table = await page.evaluate(() => {
      const element = document.querySelector<HTMLElement>('.prose table')!;
      const cells = [...element.querySelector('tr')!.children];
      return {
        aligns: cells.map((cell) => getComputedStyle(cell).textAlign),
        overflow: getComputedStyle(element).overflowX,
        scrolls: element.scrollWidth > element.clientWidth,
        right: element.getBoundingClientRect().right,
        article: element.closest('article')!.getBoundingClientRect().right,
      };
    });
    expect(table.aligns).toEqual(['left', 'right', 'right', 'right']);
    expect(table.overflow).toBe('auto');
    expect(table.scrolls).toBe(true);
    expect(table.right).toBeLessThanOrEqual(table.article);
  });
});

/** WCAG contrast of two `rgb(…)` colours. Runs in the page. */
function contrastOfRadios(): { border: number; checkedBorder: number; dot: number }[] {
  const rgb = (value: string) =>
    value
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map(Number);
  const luminance = (value: string) => {
    const [r, g, b] = rgb(value).map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const ratio = (a: string, b: string) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi! + 0.05) / (lo! + 0.05);
  };
  const backgroundOf = (element: Element | null): string => {
    for (let up = element; up; up = up.parentElement) {
      const colour = getComputedStyle(up).backgroundColor;
      if (colour !== 'rgba(0, 0, 0, 0)') return colour;
    }
    return getComputedStyle(document.body).backgroundColor;
  };
  return [...document.querySelectorAll<HTMLInputElement>('input[type=radio]')].map((radio) => {
    const behind = backgroundOf(radio.parentElement);
    const style = getComputedStyle(radio);
    const dot = getComputedStyle(radio, '::before').backgroundColor;
    return {
      border: radio.checked ? 99 : ratio(style.borderTopColor, behind),
      checkedBorder: radio.checked ? ratio(style.borderTopColor, behind) : 99,
      dot: radio.checked ? ratio(dot, behind) : 99,
    };
  });
}

describe('controls in both colour schemes', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`draws the category radios at 3:1 or more against their background, ${scheme}`, async () => {
      const page = await tabAt(1280, scheme);
      await visit(page, pagePath.category(1));
      const radios = await page.evaluate(contrastOfRadios);
      expect(radios.length).toBeGreaterThan(1);
      for (const radio of radios) {
        expect(radio.border).toBeGreaterThanOrEqual(3);
        expect(radio.checkedBorder).toBeGreaterThanOrEqual(3);
        expect(radio.dot).toBeGreaterThanOrEqual(3);
      }
    });
  }
});
