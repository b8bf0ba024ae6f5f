import type { BrandConfig } from '../../shared/schemas/brand.js';
import { brandAccentTokens } from './accent.js';
import { SCHEMES, type Scheme } from './scheme-colors.js';
import { servedFont } from './served-fonts.js';
import { SERVED_FONT_META } from '../../shared/route-modules-meta.js';
import { codeColouring } from '../content/markdown/code-colouring.js';
import { codeThemesOf, isDefaultPair } from '../content/markdown/code-theme-sources.js';

/** Custom properties as declarations, in the order given. */
const declarations = (tokens: Record<string, string>) =>
  Object.entries(tokens)
    .map(([name, value]) => `--${name}:${value}`)
    .join(';');

/** Custom properties as one `:root` rule. */
const rootRule = (tokens: Record<string, string>) => `:root{${declarations(tokens)}}`;

/** A scheme's rules: the light ones as they are, the dark ones under its media query. */
const inScheme = (scheme: Scheme, css: string) =>
  scheme === 'light' ? css : `@media (prefers-color-scheme:dark){${css}}`;

/** The accent's tokens in both schemes; none without an accent. */
function accentCss(brand: BrandConfig | undefined): string[] {
  const accent = brandAccentTokens(brand?.accent);
  return accent ? SCHEMES.map((scheme) => inScheme(scheme, rootRule({ ...accent[scheme] }))) : [];
}

/** The tokens that name a font `stack`: the text's, and code's too for a monospaced font. */
const fontTokens = (stack: string, forCode: boolean) => ({
  font: stack,
  ...(forCode ? { mono: stack } : {}),
});

/**
 * The served font's sized fallback and the tokens that name the font; the font's own faces are a
 * stylesheet of their own (site-look.ts). A page whose boot script applies them (it names them in
 * its meta) keeps to the fallback until the script marks the root `data-font`, and meanwhile sets
 * each part the script marks `data-font` in the font: the font comes in part by part, so that no
 * one layout holds the page (web/served-font.ts). Both rules weigh no more than a theme's
 * `:root`, which comes later and still wins; without scripts, the font is the text's at once.
 */
function fontCss(brand: BrandConfig | undefined): string[] {
  const font = servedFont(brand?.font);
  if (!font) return [];
  const tokens = fontTokens(font.stack, font.forCode);
  const fallback = fontTokens(font.stack.slice(font.stack.indexOf(',') + 1).trim(), font.forCode);
  const waiting = `:root:where(:not([data-font]):has(meta[name=${SERVED_FONT_META}]))`;
  return [
    font.fallbackFaces,
    rootRule(tokens),
    `@media (scripting:enabled){${waiting}{${declarations(fallback)}}` +
      `:where([data-font]){${declarations(tokens)};font-family:var(--font)}}`,
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
