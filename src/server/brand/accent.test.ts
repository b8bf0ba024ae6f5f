import { wcagContrast } from 'culori';
import { describe, expect, it } from 'vitest';
import {
  accentProblems,
  accentShortfall,
  accentTokens,
  brandAccentTokens,
  NON_TEXT_CONTRAST,
  passingAccentNear,
  ratioText,
  TEXT_CONTRAST,
} from './accent.js';
import { BACKGROUNDS, DEFAULT_ACCENT_TOKENS, SCHEMES, type Scheme } from './scheme-colors.js';

const worst = (color: string, scheme: Scheme) =>
  Math.min(...BACKGROUNDS[scheme].map((bg) => wcagContrast(color, bg.color)));

/** Accents of every kind: pale and deep, warm and cool, greys, the extremes. */
const ACCENTS = [
  '#7aa7d9',
  '#ffcc00',
  '#c0392b',
  '#2e7d32',
  '#888888',
  '#000000',
  '#ffffff',
  '#6a1b9a',
  '#00bcd4',
  '#0b5cad',
  '#7db4ff',
];

describe('an accent checked against WCAG AA', () => {
  it('passes with the demo colours, in both schemes', () => {
    for (const scheme of SCHEMES)
      expect(accentShortfall(DEFAULT_ACCENT_TOKENS[scheme].accent, scheme)).toBeUndefined();
  });

  it('names the ratio it reads at, the ratio asked, and a nearby colour', () => {
    const [problem, ...more] = accentProblems({ light: '#7aa7d9' });
    expect(more).toEqual([]);
    const ratio = worst('#7aa7d9', 'light');
    expect(ratio).toBeLessThan(TEXT_CONTRAST);
    expect(problem!.text).toContain(`reads at ${ratioText(ratio)} as text on`);
    expect(problem!.text).toContain('WCAG AA asks 4.5:1');
    const near = problem!.text.match(
      /A nearby colour that passes: (#[0-9a-f]{6}) \((\d+\.\d):1\)$/,
    );
    expect(near).not.toBeNull();
    expect(worst(near![1]!, 'light')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('shows a ratio cut, not rounded, so that a refused one never reads 4.5:1', () => {
    expect(ratioText(4.4999)).toBe('4.4:1');
    expect(ratioText(2.96)).toBe('2.9:1');
    expect(ratioText(21)).toBe('21:1');
  });

  it.each(SCHEMES)('suggests, in the %s scheme, a colour of the same hue that passes', (scheme) => {
    for (const color of ACCENTS) {
      const near = passingAccentNear(color, scheme);
      expect(accentShortfall(near, scheme), `${color} → ${near}`).toBeUndefined();
      if (!accentShortfall(color, scheme)) expect(near).toBe(color);
    }
  });

  it('refuses a dark accent in the dark scheme and a pale one in the light, each named', () => {
    const problems = accentProblems({ light: '#ffcc00', dark: '#1a237e' });
    expect(problems.map((p) => p.scheme)).toEqual(['light', 'dark']);
    expect(problems[0]!.text).toMatch(
      /^brand\.accent\.light "#ffcc00" reads at \d+(\.\d)?:1 as text on/,
    );
    expect(problems[1]!.text).toMatch(
      /^brand\.accent\.dark "#1a237e" reads at \d+(\.\d)?:1 as text on/,
    );
  });

  it('takes #rgb as written', () => {
    expect(accentProblems({ light: '#05a' })).toEqual([]);
    expect(accentTokens('#05a', 'light').accent).toBe('#0055aa');
  });
});

describe('the colours derived from an accent', () => {
  const passing = SCHEMES.flatMap((scheme) =>
    ACCENTS.map((color) => [scheme, passingAccentNear(color, scheme)] as const),
  );

  it.each(passing)('in the %s scheme from %s: every one reaches its contrast', (scheme, accent) => {
    const tokens = accentTokens(accent, scheme);
    expect(tokens.accent).toBe(accent);
    // The text of a button reads on the accent and on its hover colour.
    expect(wcagContrast(tokens['accent-contrast'], accent)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(wcagContrast(tokens['accent-contrast'], tokens['accent-strong'])).toBeGreaterThanOrEqual(
      TEXT_CONTRAST,
    );
    // A hovered link still reads on every background; the focus ring stands out on each.
    expect(worst(tokens['accent-strong'], scheme)).toBeGreaterThanOrEqual(worst(accent, scheme));
    expect(worst(tokens.focus, scheme)).toBeGreaterThanOrEqual(NON_TEXT_CONTRAST);
  });

  it('moves hover away from the background: darker in the light scheme, lighter in the dark', () => {
    const light = accentTokens('#c0392b', 'light');
    const dark = accentTokens('#ee6452', 'dark');
    expect(wcagContrast(light['accent-strong'], '#000000')).toBeLessThan(
      wcagContrast('#c0392b', '#000000'),
    );
    expect(wcagContrast(dark['accent-strong'], '#ffffff')).toBeLessThan(
      wcagContrast('#ee6452', '#ffffff'),
    );
  });

  it('puts the focus ring at the hue opposite the accent, so it stands out from a button', () => {
    // A red accent's ring is blue-green, a blue accent's orange-yellow.
    expect(accentTokens('#c0392b', 'light').focus).toMatch(/^#00[0-9a-f]{4}$/);
    const blue = accentTokens('#0b5cad', 'light').focus;
    expect(parseInt(blue.slice(1, 3), 16)).toBeGreaterThan(parseInt(blue.slice(5, 7), 16));
  });

  it('leaves the demo colours alone without an accent, and derives the missing scheme from the other', () => {
    expect(brandAccentTokens(undefined)).toBeUndefined();
    expect(brandAccentTokens({})).toBeUndefined();
    const tokens = brandAccentTokens({ light: '#c0392b' })!;
    expect(tokens.light.accent).toBe('#c0392b');
    expect(accentShortfall(tokens.dark.accent, 'dark')).toBeUndefined();
    expect(tokens.dark.accent).toBe(passingAccentNear('#c0392b', 'dark'));
    expect(brandAccentTokens({ dark: '#f5c400' })!.dark.accent).toBe('#f5c400');
  });

  it("keeps the demo's hand-set tokens for the demo's accent, as init writes it", () => {
    expect(brandAccentTokens({ light: '#0b5cad' })).toBeUndefined();
    expect(brandAccentTokens({ light: '#0B5CAD', dark: '#7db4ff' })).toBeUndefined();
    const mixed = brandAccentTokens({ light: '#0b5cad', dark: '#f5c400' })!;
    expect(mixed.light).toEqual(DEFAULT_ACCENT_TOKENS.light);
    expect(mixed.dark.accent).toBe('#f5c400');
  });
});
