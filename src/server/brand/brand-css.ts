import type { BrandConfig } from '../../shared/schemas/brand.js';
import { brandAccentTokens } from './accent.js';
import { SCHEMES, type Scheme } from './scheme-colors.js';
import { servedFont } from './served-fonts.js';
import { codeColouring } from '../content/markdown/code-colouring.js';
import { codeThemesOf, isDefaultPair } from '../content/markdown/code-theme-sources.js';

/** Custom properties as one `:root` rule, in the order given. */
const rootRule = (tokens: Record<string, string>) =>
  `:root{${Object.entries(tokens)
    .map(([name, value]) => `--${name}:${value}`)
    .join(';')}}`;

/** A scheme's rules: the light ones as they are, the dark ones under its media query. */
const inScheme = (scheme: Scheme, css: string) =>
  scheme === 'light' ? css : `@media (prefers-color-scheme:dark){${css}}`;

/** The accent's tokens in both schemes; none without an accent. */
function accentCss(brand: BrandConfig | undefined): string[] {
  const accent = brandAccentTokens(brand?.accent);
  return accent ? SCHEMES.map((scheme) => inScheme(scheme, rootRule({ ...accent[scheme] }))) : [];
}

/**
 * The served font's sized fallback and the tokens that name the font (code's too, for a
 * monospaced one); the font's own faces are a stylesheet of their own (site-look.ts).
 */
function fontCss(brand: BrandConfig | undefined): string[] {
  const font = servedFont(brand?.font);
  if (!font) return [];
  return [
    font.fallbackFaces,
    rootRule({ font: font.stack, ...(font.forCode ? { mono: font.stack } : {}) }),
  ];
}

/**
 * The code themes' classes, which the posts were rendered with at the same import; none for the
 * default ones, whose stylesheet is the app's own (code-theme.css).
 */
function codeCss(brand: BrandConfig | undefined): string[] {
  const pair = codeThemesOf(brand?.code_theme);
  return isDefaultPair(pair) ? [] : [codeColouring(pair).css];
}

/**
 * The brand's stylesheet: the design tokens it overrides, after app.css's, in both colour
 * schemes, the sized fallback of the font it serves and the colours of its code themes. Empty for a brand
 * that changes none (app.css's own tokens, the demo's, stay).
 */
export function brandCss(brand: BrandConfig | undefined): string {
  return [...accentCss(brand), ...fontCss(brand), ...codeCss(brand)].join('\n');
}
