import type { BrandConfig } from '../../shared/schemas/brand.js';
import { brandAccentTokens } from './accent.js';
import { SCHEMES, type Scheme } from './scheme-colors.js';

/** Custom properties as one `:root` rule, in the order given. */
const rootRule = (tokens: Record<string, string>) =>
  `:root{${Object.entries(tokens)
    .map(([name, value]) => `--${name}:${value}`)
    .join(';')}}`;

/** A scheme's rules: the light ones as they are, the dark ones under its media query. */
const inScheme = (scheme: Scheme, css: string) =>
  scheme === 'light' ? css : `@media (prefers-color-scheme:dark){${css}}`;

/**
 * The brand's stylesheet: the design tokens it overrides, after app.css's, in both colour
 * schemes. Empty for a brand that changes none (app.css's own tokens, the demo's, stay).
 */
export function brandCss(brand: BrandConfig | undefined): string {
  const accent = brandAccentTokens(brand?.accent);
  if (!accent) return '';
  return SCHEMES.map((scheme) => inScheme(scheme, rootRule({ ...accent[scheme] }))).join('\n');
}
