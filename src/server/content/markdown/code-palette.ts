import type { ThemeRegistrationRaw } from 'shiki/core';
import {
  DEFAULT_STAND_IN,
  foregroundOf,
  readable,
  StandIns,
  standInTheme,
  themeSource,
  type CodeThemePair,
} from './code-theme-sources.js';

/**
 * Code colours as classes for two themes whose rules do not align (code-theme.ts pairs those
 * that do): each theme's colours are a palette of its own, `l<n>` for the light theme's and
 * `d<n>` for the dark's, and a token carries the class of its colour in each. Each palette comes
 * from its theme alone, in the order of its rules. A token is tokenized with both themes.
 */

/** One scheme's palette: its stand-in theme and what each stand-in colour means. */
export interface SchemePalette {
  theme: ThemeRegistrationRaw;
  /** Stand-in colour (lower case) → class; the text's own colour has none. */
  classOf: Map<string, string>;
  classes: Array<{ name: string; color: string }>;
  foreground: string;
  background: string;
}

export interface CodePalette {
  light: SchemePalette;
  dark: SchemePalette;
}

function schemePalette(name: string, prefix: 'l' | 'd'): SchemePalette {
  const source = themeSource(name);
  const standIns = new StandIns();
  const classes: SchemePalette['classes'] = [];
  const settings = source.rules.map((rule) => {
    const fg = foregroundOf(rule);
    if (!fg) return { scope: rule.scope, settings: { ...rule.settings } };
    if (fg === source.foreground)
      return { scope: rule.scope, settings: { ...rule.settings, foreground: DEFAULT_STAND_IN } };
    const foreground = standIns.of(fg, (n) => {
      classes.push({ name: `${prefix}${n}`, color: readable(fg, source.background) });
      return `${prefix}${n}`;
    });
    return { scope: rule.scope, settings: { ...rule.settings, foreground } };
  });
  return {
    theme: standInTheme(`postfolio-${prefix} ${name}`, prefix === 'l' ? 'light' : 'dark', settings),
    classOf: standIns.classOf,
    classes,
    foreground: readable(source.foreground, source.background),
    background: source.background,
  };
}

const built = new Map<string, CodePalette>();

/** The palettes of a light and a dark theme. */
export function codePalette(pair: CodeThemePair): CodePalette {
  const key = `${pair.light} ${pair.dark}`;
  let palette = built.get(key);
  if (!palette) {
    palette = { light: schemePalette(pair.light, 'l'), dark: schemePalette(pair.dark, 'd') };
    built.set(key, palette);
  }
  return palette;
}

/**
 * The palettes' stylesheet, unformatted. The light classes apply in the light scheme only: a
 * token without a dark class (the dark theme's own text colour) must not keep its light one.
 */
export function paletteRules(palette: CodePalette): string {
  const rules = (scheme: SchemePalette) =>
    [
      `.prose pre.shiki { color: ${scheme.foreground}; background: ${scheme.background}; }`,
      ...scheme.classes.map((c) => `.shiki .${c.name} { color: ${c.color}; }`),
    ].join('\n');
  return [
    `@media (prefers-color-scheme: light) {\n${rules(palette.light)}\n}`,
    `@media (prefers-color-scheme: dark) {\n${rules(palette.dark)}\n}`,
    '',
  ].join('\n');
}
