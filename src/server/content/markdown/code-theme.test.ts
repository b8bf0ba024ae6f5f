import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FEATURE_CLASSES } from './allowed-markup.js';
import { CODE_THEME_CSS_FILE, formattedCodeThemeCss } from './code-theme-css.js';
import { BACKGROUND, codeTheme, FONT_STYLE_CLASSES } from './code-theme.js';
import { contrast } from './code-theme-sources.js';

describe('the code theme', () => {
  it('is committed as generated (npx tsx scripts/write-code-theme-css.ts)', async () => {
    expect(readFileSync(CODE_THEME_CSS_FILE, 'utf8')).toBe(await formattedCodeThemeCss());
  });

  it('has classes the sanitizer keeps on spans, and none it would keep that the CSS lacks', () => {
    const allowed = FEATURE_CLASSES.span!;
    const keeps = (name: string) =>
      allowed.some((a) => (typeof a === 'string' ? a === name : a.test(name)));
    const names = [
      ...codeTheme().classes.map((c) => c.name),
      ...FONT_STYLE_CLASSES.map((f) => f[1]),
    ];
    for (const name of names) expect(keeps(name), name).toBe(true);
    expect(codeTheme().classes.length).toBeLessThan(100);
  });

  it('reads at WCAG AA on the block in both schemes', () => {
    const css = readFileSync(CODE_THEME_CSS_FILE, 'utf8');
    expect(css).toMatch(/prefers-color-scheme: dark/);
    const { classes, foreground } = codeTheme();
    for (const c of [...classes, { name: 'text', ...foreground }]) {
      expect(contrast(c.light, BACKGROUND.light), c.name).toBeGreaterThanOrEqual(4.5);
      expect(contrast(c.dark, BACKGROUND.dark), c.name).toBeGreaterThanOrEqual(4.5);
    }
  });
});
