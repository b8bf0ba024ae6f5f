import { DOMParser } from '@xmldom/xmldom';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { siteFixture } from '../../../test/helpers/content-fixture.js';
import { brandLook } from './brand-look.js';
import { drawCard } from './card-drawing.js';
import { cardSvg } from './card-template.js';
import { svgText } from './svg-text.js';
import { widthOf, wrapText } from './text-lines.js';

const look = brandLook(siteFixture({ news: 'News' }));

/** The card's SVG parsed as XML (a parse error throws), and its texts, line by line. */
function parsed(svg: string) {
  const errors: string[] = [];
  const doc = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') errors.push(message);
    },
  }).parseFromString(svg, 'image/svg+xml');
  expect(errors).toEqual([]);
  const texts = Array.from(doc.getElementsByTagName('text')).map((t) => ({
    text: t.textContent ?? '',
    size: Number(t.getAttribute('font-size')),
  }));
  return { doc, texts };
}

describe('the SVG of a link-preview card', () => {
  it('escapes the title: markup stays text, the drawing stays one valid SVG', () => {
    const title = `Ends </text><script>alert(1)</script> & "quotes" 'too'`;
    const { svg } = cardSvg({ title, footer: 'A & B <site>' }, look);
    expect(svg).not.toContain('<script>');
    const { doc, texts } = parsed(svg);
    expect(doc.getElementsByTagName('script')).toHaveLength(0);
    // The title's lines, put together again (they break between words, spaces or not).
    const drawn = texts.map((t) => t.text.replace(/\s/g, '')).join('');
    expect(drawn).toContain('</text><script>alert(1)</script>&"quotes"\'too\'');
    expect(texts.at(-1)!.text).toBe('A & B <site>');
  });

  it('leaves out what XML cannot hold (controls, lone surrogates) rather than failing', () => {
    expect(svgText('a\u0000b\u0007c\uD800d\uFFFEe😀')).toBe('abcde😀');
    const { texts } = parsed(
      cardSvg({ title: 'Bell\u0007 and \uDC00 NUL\u0000', footer: 'x' }, look).svg,
    );
    expect(texts[1]!.text).toBe('Bell and NUL');
  });

  it('wraps a long title in lines that fit, draws it smaller, and cuts it with an ellipsis', () => {
    const short = parsed(cardSvg({ title: 'Short title', footer: 'Site' }, look).svg).texts;
    const long = 'A title that goes on and on about caching, indexes and the cost of bytes '.repeat(
      4,
    );
    const { texts } = parsed(cardSvg({ title: long, footer: 'Site' }, look).svg);
    // The monogram, then the title's lines, then the footer.
    const lines = texts.slice(1, -1);
    expect(lines.length).toBe(4);
    expect(lines[0]!.size).toBeLessThan(short[1]!.size);
    for (const line of lines) expect(widthOf(line.text, line.size)).toBeLessThanOrEqual(1040);
    expect(lines.at(-1)!.text.endsWith('…')).toBe(true);
    expect(
      lines
        .map((l) => l.text)
        .join(' ')
        .replace('…', ''),
    ).toBe(long.slice(0, lines.map((l) => l.text).join(' ').length - 1).trim());
  });

  it('breaks text without spaces (Japanese) between its words, never inside a character', () => {
    const title =
      '日本語のタイトルはスペースなしでとても長いのでどこかで折り返さなければなりません👩‍💻';
    const { lines, clipped } = wrapText(title, { width: 600, size: 60, maxLines: 8 });
    expect(clipped).toBe(false);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe(title);
    for (const line of lines) expect(widthOf(line, 60)).toBeLessThanOrEqual(600);
    // The emoji of three code points joined stays whole on its line.
    expect(lines.some((line) => line.endsWith('👩‍💻'))).toBe(true);
  });

  it('breaks a word longer than a line anywhere, and keeps accents on their letters', () => {
    const word = 'Ünïcödé'.repeat(12);
    const { lines } = wrapText(word, { width: 300, size: 40, maxLines: 20 });
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join('')).toBe(word);
    const decomposed = 'e\u0301'.repeat(40);
    const parts = wrapText(decomposed, { width: 200, size: 40, maxLines: 20 }).lines;
    for (const part of parts) expect(part.startsWith('\u0301')).toBe(false);
  });

  it('shows the site description under a short title, and leaves room for a logo when given one', () => {
    const { svg, logo } = cardSvg(
      { title: 'Fixture Site', subtitle: 'A site made by the tests', footer: 'Test Author' },
      look,
      { width: 400, height: 100 },
    );
    const { texts } = parsed(svg);
    // No monogram: the logo takes its place, at most 320×96 in its own proportions.
    expect(texts.map((t) => t.text)).toEqual([
      'Fixture Site',
      'A site made by the tests',
      'Test Author',
    ]);
    expect(logo).toEqual({ left: 80, top: 64, width: 320, height: 80 });
  });

  it('is drawn as a 1200×630 PNG, with the logo laid in', async () => {
    const logo = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="50"><rect width="200" height="50" fill="#ff0000"/></svg>',
    );
    const png = await drawCard({ title: 'A post', footer: 'Site' }, look, {
      bytes: logo,
      format: 'svg',
      width: 200,
      height: 50,
    });
    const image = sharp(png);
    expect(await image.metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    // The logo's red, in the middle of its box (80, 64, 320 × 80).
    const { data } = await image
      .extract({ left: 240, top: 100, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]);
  });
});
