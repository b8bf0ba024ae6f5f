import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODE_THEMES_DARK, CODE_THEMES_LIGHT } from '../../../shared/schemas/brand.js';
import { parsePostFile, sourceHash } from '../post-file.js';
import { FEATURE_CLASSES } from './allowed-markup.js';
import { codeColouring } from './code-colouring.js';
import { CODE_THEME_CSS_FILE } from './code-theme-css.js';
import { pairedThemeRules, codeTheme, rulesAlign } from './code-theme.js';
import {
  contrast,
  DEFAULT_CODE_THEMES,
  themeSource,
  type CodeThemePair,
} from './code-theme-sources.js';
import { startHighlighter } from './highlight.js';

beforeAll(startHighlighter);

const PAIRS: CodeThemePair[] = CODE_THEMES_LIGHT.flatMap((light) =>
  CODE_THEMES_DARK.map((dark) => ({ light, dark })),
);

const SAMPLE = [
  '```ts',
  '// A comment, a keyword, a string, a number, a type',
  'export async function greet(name: string, times = 3): Promise<void> {',
  '  for (let i = 0; i < times; i++) console.log(`hello ${name}`, /re+gex/g, true);',
  '}',
  '```',
].join('\n');

/** A post with the sample block, rendered with these code themes. */
const rendered = (pair: CodeThemePair) =>
  parsePostFile(
    'posts/code.md',
    `---\ntitle: Code\ncategory: news\nimage: cover.svg\ndate: 2026-01-02\n---\n\n${SAMPLE}\n`,
    { codeThemes: pair },
  ).html;

/** The rules of a stylesheet: each class's colour, by scheme. */
function colours(css: string) {
  const [light, dark] = css.split('@media (prefers-color-scheme: dark)');
  const read = (part: string) =>
    new Map(
      [...part.matchAll(/\.shiki \.(\w+) \{ color: (#[0-9a-f]{6}); \}/g)].map((m) => [
        m[1]!,
        m[2]!,
      ]),
    );
  const block = (part: string) =>
    part.match(/\.prose pre\.shiki \{ color: (#[0-9a-f]{6}); background: (#[0-9a-f]{6}); \}/)!;
  return {
    light: read(light!),
    dark: read(dark!),
    lightBlock: block(light!),
    darkBlock: block(dark!),
  };
}

const keeps = (name: string) =>
  FEATURE_CLASSES.span!.some((a) => (typeof a === 'string' ? a === name : a.test(name)));

describe('code coloured by classes, for every pair of themes offered', () => {
  it('offers only themes Shiki bundles, the default ones first', () => {
    expect(CODE_THEMES_LIGHT[0]).toBe(DEFAULT_CODE_THEMES.light);
    expect(CODE_THEMES_DARK[0]).toBe(DEFAULT_CODE_THEMES.dark);
    for (const name of [...CODE_THEMES_LIGHT, ...CODE_THEMES_DARK])
      expect(themeSource(name).background, name).toMatch(/^#[0-9a-f]{3,8}$/);
  });

  it.each(PAIRS.map((pair) => [pair.light, pair.dark]))(
    '%s with %s: each class reads at AA on its block in its scheme, and the sanitizer keeps it',
    (light, dark) => {
      const { css } = codeColouring({ light, dark });
      const { light: lightColours, dark: darkColours, lightBlock, darkBlock } = colours(css);
      expect(lightColours.size + darkColours.size).toBeGreaterThan(3);
      for (const [name, colour] of lightColours) {
        expect(contrast(colour, lightBlock[2]!), `${name} ${colour}`).toBeGreaterThanOrEqual(4.5);
        expect(keeps(name), name).toBe(true);
      }
      for (const [name, colour] of darkColours) {
        expect(contrast(colour, darkBlock[2]!), `${name} ${colour}`).toBeGreaterThanOrEqual(4.5);
        expect(keeps(name), name).toBe(true);
      }
      expect(contrast(lightBlock[1]!, lightBlock[2]!)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(darkBlock[1]!, darkBlock[2]!)).toBeGreaterThanOrEqual(4.5);
      expect(css).not.toContain('style=');
    },
  );

  it.each([
    { light: 'github-light', dark: 'github-dark' },
    { light: 'one-light', dark: 'dracula' },
    { light: 'solarized-light', dark: 'nord' },
  ])('renders $light / $dark as spans of classes its stylesheet colours, never a style', (pair) => {
    const html = rendered(pair);
    const { css } = codeColouring(pair);
    expect(html).toMatch(/<pre class="shiki"[^>]*><code class="language-ts">/);
    expect(html).not.toContain('style=');
    const used = new Set(
      [...html.matchAll(/<span class="([^"]+)">/g)].flatMap((m) => m[1]!.split(' ')),
    );
    expect(used.size).toBeGreaterThan(3);
    for (const name of used) {
      expect(keeps(name), name).toBe(true);
      expect(css, name).toContain(`.shiki .${name} {`);
    }
    // Aligned pairs take one class a colour; the others one a scheme.
    const prefixes = new Set([...used].filter((n) => !/^f[ibus]$/.test(n)).map((n) => n[0]));
    expect([...prefixes].sort()).toEqual(rulesAlign(pair) ? ['c'] : ['d', 'l']);
  });

  it('pairs the default themes as before: the committed code-theme.css is their stylesheet', () => {
    expect(rulesAlign(DEFAULT_CODE_THEMES)).toBe(true);
    const committed = readFileSync(CODE_THEME_CSS_FILE, 'utf8');
    expect(codeColouring(DEFAULT_CODE_THEMES).css).toBe(pairedThemeRules(codeTheme()));
    for (const c of codeTheme().classes)
      expect(committed).toContain(`.shiki .${c.name} {\n  color: ${c.light};`);
  });

  it('colours another pair differently from the default, so a change of theme shows', () => {
    const byDefault = rendered(DEFAULT_CODE_THEMES);
    expect(rendered({ light: 'one-light', dark: 'dracula' })).not.toBe(byDefault);
    expect(rendered({ ...DEFAULT_CODE_THEMES })).toBe(byDefault);
  });
});

describe('the hash a post is stored under', () => {
  const raw = '---\ntitle: T\n---\nbody\n';

  it('is as before with the default themes, and moves with any other pair', () => {
    expect(sourceHash(raw, { codeThemes: { ...DEFAULT_CODE_THEMES } })).toBe(sourceHash(raw));
    const other = sourceHash(raw, {
      codeThemes: { light: 'one-light', dark: 'github-dark-default' },
    });
    expect(other).not.toBe(sourceHash(raw));
    expect(
      sourceHash(raw, { codeThemes: { light: 'github-light-default', dark: 'nord' } }),
    ).not.toBe(other);
  });
});
