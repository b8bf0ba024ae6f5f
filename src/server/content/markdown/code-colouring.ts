import type { HighlighterCore, ThemeRegistrationRaw } from 'shiki/core';
import { codePalette, paletteRules } from './code-palette.js';
import { codeTheme, FONT_STYLE_CLASSES, pairedThemeRules, rulesAlign } from './code-theme.js';
import { type CodeThemePair } from './code-theme-sources.js';

/**
 * How the code of a pair of themes is coloured by classes: the themes shiki tokenizes with, the
 * classes of each token, and the stylesheet that colours those classes in each scheme. A pair
 * whose rules align takes one class a token (code-theme.ts), any other pair one a scheme
 * (code-palette.ts).
 */
export interface CodeColouring {
  /** The stand-in themes shiki must have loaded. */
  themes: ThemeRegistrationRaw[];
  /** The tokens of `code`, each with its classes (empty for the text's own colour). */
  tokenize(
    highlighter: HighlighterCore,
    code: string,
    options: { lang: string; tokenizeMaxLineLength: number; tokenizeTimeLimit: number },
  ): Array<Array<{ content: string; classes: string }>>;
  /** The classes' stylesheet, unformatted. */
  css: string;
}

/** The font style classes of shiki's bit flags. */
function fontClasses(fontStyle: number | undefined, names: string[]): void {
  if (fontStyle)
    for (const [bit, name] of FONT_STYLE_CLASSES) if (fontStyle & bit) names.push(name);
}

function pairedColouring(pair: CodeThemePair): CodeColouring {
  const theme = codeTheme(pair);
  return {
    themes: [theme.theme],
    tokenize: (highlighter, code, options) =>
      highlighter.codeToTokensBase(code, { ...options, theme: theme.theme.name! }).map((line) =>
        line.map((token) => {
          const names: string[] = [];
          const colorClass = token.color && theme.classOf.get(token.color.toLowerCase());
          if (colorClass) names.push(colorClass);
          fontClasses(token.fontStyle, names);
          return { content: token.content, classes: names.join(' ') };
        }),
      ),
    css: pairedThemeRules(theme),
  };
}

function paletteColouring(pair: CodeThemePair): CodeColouring {
  const palette = codePalette(pair);
  const themes = { light: palette.light.theme.name!, dark: palette.dark.theme.name! };
  return {
    themes: [palette.light.theme, palette.dark.theme],
    tokenize: (highlighter, code, options) =>
      highlighter.codeToTokensWithThemes(code, { ...options, themes }).map((line) =>
        line.map((token) => {
          const { light, dark } = token.variants as Record<
            'light' | 'dark',
            typeof token.variants.x
          >;
          const names: string[] = [];
          const lightClass = light?.color && palette.light.classOf.get(light.color.toLowerCase());
          const darkClass = dark?.color && palette.dark.classOf.get(dark.color.toLowerCase());
          if (lightClass) names.push(lightClass);
          if (darkClass) names.push(darkClass);
          // A font style shows where both themes give it: classes hold it for both schemes.
          fontClasses((light?.fontStyle ?? 0) & (dark?.fontStyle ?? 0), names);
          return { content: token.content, classes: names.join(' ') };
        }),
      ),
    css: [
      paletteRules(palette),
      ...FONT_STYLE_CLASSES.map(([, name, css]) => `.shiki .${name} { ${css}; }`),
      '',
    ].join('\n'),
  };
}

const made = new Map<string, CodeColouring>();

/** The colouring of a pair of Shiki's bundled themes. */
export function codeColouring(pair: CodeThemePair): CodeColouring {
  const key = `${pair.light} ${pair.dark}`;
  let colouring = made.get(key);
  if (!colouring) {
    colouring = rulesAlign(pair) ? pairedColouring(pair) : paletteColouring(pair);
    made.set(key, colouring);
  }
  return colouring;
}
