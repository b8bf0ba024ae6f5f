import type { ThemeRegistrationRaw } from 'shiki/core';
import {
  DEFAULT_CODE_THEMES,
  DEFAULT_STAND_IN,
  foregroundOf,
  isDefaultPair,
  readable,
  StandIns,
  standInTheme,
  themeSource,
  type CodeThemePair,
  type ThemeRule,
} from './code-theme-sources.js';

/**
 * Code colours as classes: the page's CSP forbids style attributes. Where a light and a dark
 * theme share their rules one for one (GitHub's two default themes, and most families' light and
 * dark), a token is coloured by the same rule in both: one tokenization with a theme whose
 * colours stand for those rules' (light, dark) pairs gives each token a class `c<n>`, and the
 * stylesheet colours each class for the light and the dark scheme. The classes come from the
 * themes alone, not from any post. Other pairs take a palette per scheme (code-palette.ts).
 */

/**
 * The blocks' backgrounds of the default themes, GitHub's own for code. Read when asked: reading
 * a theme loads shiki, which a server start (this module comes with the brand's stylesheet) does
 * not otherwise need.
 */
export const BACKGROUND = {
  get light() {
    return themeSource(DEFAULT_CODE_THEMES.light).background;
  },
  get dark() {
    return themeSource(DEFAULT_CODE_THEMES.dark).background;
  },
};
export interface CodeClass {
  name: string;
  light: string;
  dark: string;
}

/** Font styles, as shiki's bit flags. */
export const FONT_STYLE_CLASSES: ReadonlyArray<[bit: number, name: string, css: string]> = [
  [1, 'fi', 'font-style: italic'],
  [2, 'fb', 'font-weight: bold'],
  [4, 'fu', 'text-decoration: underline'],
  [8, 'fs', 'text-decoration: line-through'],
];

/** The theme shiki tokenizes with, and the class each of its stand-in colours means. */
export interface CodeTheme {
  theme: ThemeRegistrationRaw;
  /** Stand-in colour (lower case) → class; the default colour has none. */
  classOf: Map<string, string>;
  classes: CodeClass[];
  foreground: { light: string; dark: string };
  background: { light: string; dark: string };
}

const scopeKey = (rule: ThemeRule) => JSON.stringify(rule.scope ?? null);

/** Whether two themes list the same rules in the same order, with the same font styles. */
export function rulesAlign(pair: CodeThemePair): boolean {
  const light = themeSource(pair.light).rules;
  const dark = themeSource(pair.dark).rules;
  return (
    light.length === dark.length &&
    light.every(
      (rule, i) =>
        scopeKey(rule) === scopeKey(dark[i]!) &&
        (rule.settings.fontStyle ?? '') === (dark[i]!.settings.fontStyle ?? ''),
    )
  );
}

const built = new Map<string, CodeTheme>();

/** The paired classes of two themes whose rules align (`rulesAlign`); GitHub's by default. */
export function codeTheme(pair: CodeThemePair = DEFAULT_CODE_THEMES): CodeTheme {
  const key = `${pair.light} ${pair.dark}`;
  let theme = built.get(key);
  if (!theme) {
    theme = pairedTheme(pair);
    built.set(key, theme);
  }
  return theme;
}

function pairedTheme(pair: CodeThemePair): CodeTheme {
  const light = themeSource(pair.light);
  const dark = themeSource(pair.dark);
  const classes: CodeClass[] = [];
  const standIns = new StandIns();
  const tokenColors = light.rules.map((rule, i) => {
    const lightFg = foregroundOf(rule);
    const darkFg = foregroundOf(dark.rules[i]);
    if (!lightFg || !darkFg) return { scope: rule.scope, settings: { ...rule.settings } };
    // The text's own colour in both schemes needs no class.
    if (lightFg === light.foreground && darkFg === dark.foreground)
      return { scope: rule.scope, settings: { ...rule.settings, foreground: DEFAULT_STAND_IN } };
    const foreground = standIns.of(`${lightFg}/${darkFg}`, (n) => {
      classes.push({
        name: `c${n}`,
        light: readable(lightFg, light.background),
        dark: readable(darkFg, dark.background),
      });
      return `c${n}`;
    });
    return { scope: rule.scope, settings: { ...rule.settings, foreground } };
  });
  const name = isDefaultPair(pair) ? 'postfolio-code' : `postfolio-code ${pair.light} ${pair.dark}`;
  return {
    theme: standInTheme(name, 'light', tokenColors),
    classOf: standIns.classOf,
    classes,
    foreground: {
      light: readable(light.foreground, light.background),
      dark: readable(dark.foreground, dark.background),
    },
    background: { light: light.background, dark: dark.background },
  };
}

/** The stylesheet of a paired theme's classes, unformatted. */
export function pairedThemeRules(theme: CodeTheme): string {
  const rules = (scheme: 'light' | 'dark') =>
    [
      // As specific as the prose's own `pre` rule, and after it.
      `.prose pre.shiki { color: ${theme.foreground[scheme]}; background: ${theme.background[scheme]}; }`,
      ...theme.classes.map((c) => `.shiki .${c.name} { color: ${c[scheme]}; }`),
    ].join('\n');
  return [
    rules('light'),
    ...FONT_STYLE_CLASSES.map(([, name, css]) => `.shiki .${name} { ${css}; }`),
    `@media (prefers-color-scheme: dark) {\n${rules('dark')}\n}`,
    '',
  ].join('\n');
}

/** The default themes' stylesheet, code-theme.css (unformatted; the script and its test format it alike). */
export function codeThemeCss(): string {
  return [
    "/* Generated by scripts/write-code-theme-css.ts from GitHub's light and dark default themes",
    '   (src/server/content/markdown/code-theme.ts): do not edit. */',
    pairedThemeRules(codeTheme()),
  ].join('\n');
}
