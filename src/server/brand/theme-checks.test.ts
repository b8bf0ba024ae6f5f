import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { themeWarnings } from './theme-checks.js';

const warn = (css: string, brand?: Parameters<typeof themeWarnings>[1]) =>
  themeWarnings(postcss.parse(css), brand);

describe('theme.css warnings', () => {
  it('says nothing of a theme that keeps focus visible and text readable', () => {
    expect(
      warn(`:root { --accent: #7a1f5c; --radius: 2px; --font: Georgia, serif; }
@media (prefers-color-scheme: dark) { :root { --accent: #f0a6d4; --bg: #000000; } }
a:focus-visible { outline: none; box-shadow: 0 0 0 3px var(--focus); }
button:focus { outline: 0; border-color: #7a1f5c; }
h2 { letter-spacing: -0.01em; }`),
    ).toEqual([]);
  });

  it('warns of a focus outline hidden with nothing in its place, at its line', () => {
    const warnings = warn(`a { color: red; }
:focus { outline: none; }
.button:focus-visible {
  outline-width: 0;
  color: inherit;
}`);
    expect(warnings.map((w) => w.line)).toEqual([2, 4]);
    expect(warnings[0]!.text).toMatch(
      /^":focus" hides the focus outline \(outline: none\) with nothing in its place/,
    );
    expect(warnings[1]!.text).toContain(
      '".button:focus-visible" hides the focus outline (outline-width: 0)',
    );
    expect(warnings[0]!.text).toContain('WCAG 2.4.7');
  });

  it('warns of a colour token whose contrast fails, in the scheme it is set for, at its line', () => {
    const warnings = warn(`:root {
  --accent: #f5c400;
}
@media (prefers-color-scheme: dark) {
  :root { --text: #333333; }
}`);
    expect(warnings.length).toBeGreaterThanOrEqual(2);
    const accent = warnings.find((w) => w.text.startsWith('--accent '))!;
    expect(accent.line).toBe(2);
    expect(accent.text).toMatch(
      /^--accent #f5c400 reads at 1\.\d:1 on --(bg|surface|surface-2) #[0-9a-f]{6} in the light scheme; WCAG AA asks 4\.5:1$/,
    );
    const text = warnings.find((w) => w.text.startsWith('--text '))!;
    expect(text.line).toBe(5);
    expect(text.text).toContain('in the dark scheme');
    // The light scheme's text was not touched: nothing said of it.
    expect(
      warnings.filter((w) => w.text.startsWith('--text ') && w.text.includes('light')),
    ).toEqual([]);
  });

  it('measures against the brand, and a background the theme sets against the tokens it leaves', () => {
    // A light page background under the dark scheme's light text and accent.
    const warnings = warn('@media (prefers-color-scheme: dark) { :root { --bg: #f0f0f0; } }');
    const names = warnings.map((w) => w.text.split(' ')[0]);
    expect(names).toEqual(expect.arrayContaining(['--text', '--muted', '--accent', '--focus']));
    for (const w of warnings) expect(w.line).toBe(1);
    // A brand accent that passes, made unreadable by the theme's own page colour.
    expect(warn(':root { --bg: #8a1c1c; }', { accent: { light: '#8a1c1c' } })[0]?.text).toMatch(
      /^--text|^--muted|^--accent/,
    );
  });

  it('leaves alone values it cannot measure, and rules under other queries', () => {
    expect(
      warn(`:root { --accent: var(--brand-red); --text: color-mix(in srgb, red, blue); }
@media (min-width: 40rem) { :root { --accent: #ffff00; } }
.card { --accent: #ffff00; }`),
    ).toEqual([]);
  });

  it('warns of files from another host, which the CSP refuses', () => {
    const warnings = warn(`@import "https://fonts.example/css";
body { background: url(//cdn.example/bg.png); }
.logo { background: url(/images/logo.svg); }`);
    expect(warnings.map((w) => w.line)).toEqual([1, 2]);
    expect(warnings[0]!.text).toContain('Content-Security-Policy refuses');
  });
});
