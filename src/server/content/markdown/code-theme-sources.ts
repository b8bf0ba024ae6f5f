import { createRequire } from 'node:module';
import { wcagContrast } from 'culori';
import type { ThemeRegistrationAny, ThemeRegistrationRaw } from 'shiki/core';

/**
 * Shiki's bundled themes as the code classes are made from them: each theme's rules, its text
 * colour and its blocks' background, and every colour made readable on that background.
 */
const require = createRequire(import.meta.url);

/** The themes of highlighted code: one for each colour scheme (site.yaml's `brand.code_theme`). */
export interface CodeThemePair {
  light: string;
  dark: string;
}

/** GitHub's default themes, what a site without `brand.code_theme` shows. */
export const DEFAULT_CODE_THEMES: Readonly<CodeThemePair> = {
  light: 'github-light-default',
  dark: 'github-dark-default',
};

/** The pair site.yaml's `brand.code_theme` names, each scheme it leaves out GitHub's. */
export const codeThemesOf = (choice: Partial<CodeThemePair> | undefined): CodeThemePair => ({
  light: choice?.light ?? DEFAULT_CODE_THEMES.light,
  dark: choice?.dark ?? DEFAULT_CODE_THEMES.dark,
});

export const isDefaultPair = (pair: CodeThemePair) =>
  pair.light === DEFAULT_CODE_THEMES.light && pair.dark === DEFAULT_CODE_THEMES.dark;

/** WCAG AA for normal text: every colour of code reads at least this on its block. */
export const MIN_CONTRAST = 4.5;

/** The blocks' backgrounds of GitHub's default themes: GitHub's own for code, not its editor's. */
const CODE_BACKGROUNDS: Record<string, string> = {
  'github-light-default': '#f6f8fa',
  'github-dark-default': '#161b22',
};

export type ThemeRule = {
  scope?: string | string[];
  settings: { foreground?: string; fontStyle?: string };
};

/** A rule's colour, lower case; none for a rule without one or with a keyword (`inherit`). */
export const foregroundOf = (rule: ThemeRule | undefined) => {
  const color = rule?.settings.foreground?.toLowerCase();
  return color && /^#[0-9a-f]{3,8}$/.test(color) ? color : undefined;
};

/** What the code classes take from a theme. */
export interface ThemeSource {
  /** Its rules, as the theme lists them. */
  rules: ThemeRule[];
  /** The text's own colour (lower case), which needs no class. */
  foreground: string;
  /** The blocks' background, `#rrggbb`. */
  background: string;
}

type RawTheme = {
  colors?: Record<string, string>;
  tokenColors?: ThemeRule[];
  settings?: ThemeRule[];
};

/** `#rrggbb` of a theme's `#rgb`, `#rrggbb` or `#rrggbbaa` (its transparency left out). */
const opaqueHex = (color: string) =>
  color.length === 4 ? `#${[...color.slice(1)].map((c) => c + c).join('')}` : color.slice(0, 7);

const sources = new Map<string, ThemeSource>();

/** A bundled theme by name (`@shikijs/themes/<name>`); throws for a name shiki lacks. */
export function themeSource(name: string): ThemeSource {
  let source = sources.get(name);
  if (source) return source;
  const raw = (require(`@shikijs/themes/${name}`) as { default: RawTheme }).default;
  // Shiki's reading of a theme, for the colours a theme leaves to its global rule.
  const { normalizeTheme } = require('shiki/core') as typeof import('shiki/core');
  const normalized = normalizeTheme(raw as ThemeRegistrationAny);
  source = {
    rules: raw.tokenColors ?? raw.settings ?? [],
    foreground: (raw.colors?.['editor.foreground'] ?? normalized.fg).toLowerCase(),
    background: opaqueHex(
      (CODE_BACKGROUNDS[name] ?? raw.colors?.['editor.background'] ?? normalized.bg).toLowerCase(),
    ),
  };
  sources.set(name, source);
  return source;
}

/** The colour of tokens in the text's own colour. */
export const DEFAULT_STAND_IN = '#ffffff';

/**
 * The colours a theme of stand-ins gives tokens (`#000001`…), one for each colour or pair of
 * colours it stands for, and the class each means.
 */
export class StandIns {
  readonly classOf = new Map<string, string>();
  private readonly byKey = new Map<string, string>();

  /** The stand-in of `key`; the first time, `made` names its class (from 1) and keeps its colours. */
  of(key: string, made: (n: number) => string): string {
    let standIn = this.byKey.get(key);
    if (!standIn) {
      const n = this.byKey.size + 1;
      standIn = `#0000${n.toString(16).padStart(2, '0')}`;
      this.byKey.set(key, standIn);
      this.classOf.set(standIn, made(n));
    }
    return standIn;
  }
}

/** A theme of stand-in colours for shiki to tokenize with: its rules, the text's colour white. */
export const standInTheme = (name: string, type: 'light' | 'dark', settings: ThemeRule[]) =>
  ({ name, type, fg: DEFAULT_STAND_IN, bg: '#000000', settings }) as ThemeRegistrationRaw;

/** WCAG's contrast ratio of two colours. */
export const contrast = (a: string, b: string): number => wcagContrast(a, b);

const hex = (rgb: number[]) =>
  `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/**
 * The colour, moved towards black (light background) or white (dark) in twentieths until it
 * reads at WCAG AA on the block's background: a few of the themes' greys do not.
 */
export function readable(color: string, background: string): string {
  const full = opaqueHex(color);
  const target = contrast(background, '#000000') > contrast(background, '#ffffff') ? 0 : 255;
  const rgb = [0, 1, 2].map((i) => parseInt(full.slice(1 + i * 2, 3 + i * 2), 16));
  let out = full;
  for (let step = 0; step <= 20 && contrast(out, background) < MIN_CONTRAST; step += 1)
    out = hex(rgb.map((v) => v + ((target - v) * step) / 20));
  return out;
}
