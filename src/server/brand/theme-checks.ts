import { formatHex, parse as parseColor, wcagContrast } from 'culori';
import type { AtRule, Declaration, Root, Rule } from 'postcss';
import type { BrandConfig } from '../../shared/schemas/brand.js';
import { brandAccentTokens, NON_TEXT_CONTRAST, ratioText, TEXT_CONTRAST } from './accent.js';
import {
  BACKGROUNDS,
  DEFAULT_ACCENT_TOKENS,
  SCHEMES,
  TEXT_TOKENS,
  type Scheme,
} from './scheme-colors.js';

/**
 * What the import warns about in theme.css: the owner's choice to make, but one that costs some
 * readers the site (WCAG AA). A focus outline hidden with nothing in its place, a colour token
 * whose contrast fails, a file the CSP will not let load. Each warning names its line.
 */

/** One warning: its line in theme.css and the words. */
export interface ThemeWarning {
  line: number | undefined;
  text: string;
}

const BACKGROUND_TOKENS = ['bg', 'surface', 'surface-2'] as const;

/** Token pairs that must contrast: the foreground, what it lies on, the ratio WCAG AA asks. */
const PAIRS: Array<[token: string, on: readonly string[], minimum: number]> = [
  ['text', BACKGROUND_TOKENS, TEXT_CONTRAST],
  ['muted', BACKGROUND_TOKENS, TEXT_CONTRAST],
  ['accent', BACKGROUND_TOKENS, TEXT_CONTRAST],
  ['accent-strong', BACKGROUND_TOKENS, TEXT_CONTRAST],
  ['accent-contrast', ['accent', 'accent-strong'], TEXT_CONTRAST],
  ['focus', BACKGROUND_TOKENS, NON_TEXT_CONTRAST],
];

/** A token as the page has it in one scheme: its colour, and its line when theme.css set it. */
type Token = { color: string; line?: number };

/** The colour tokens before theme.css: app.css's, then the brand's accent. */
function tokensBefore(scheme: Scheme, brand: BrandConfig | undefined): Map<string, Token> {
  const accent = brandAccentTokens(brand?.accent)?.[scheme] ?? DEFAULT_ACCENT_TOKENS[scheme];
  const entries = [
    ...BACKGROUNDS[scheme].map((bg) => [bg.token, bg.color] as const),
    ...Object.entries(TEXT_TOKENS[scheme]),
    ...Object.entries(accent),
  ];
  return new Map(entries.map(([name, color]) => [name, { color }]));
}

/** The schemes a rule applies in: both at the top, one under its prefers-color-scheme query. */
function schemesOf(rule: Rule): readonly Scheme[] {
  let schemes: readonly Scheme[] = SCHEMES;
  for (let parent = rule.parent; parent && parent.type !== 'root'; parent = parent.parent) {
    if (parent.type !== 'atrule') return [];
    const { name, params } = parent as AtRule;
    if (name !== 'media') return [];
    const scheme = /prefers-color-scheme:\s*(light|dark)/.exec(params)?.[1] as Scheme | undefined;
    // Only a query of the scheme alone says for sure when its tokens hold.
    if (!scheme || params.replace(/\(\s*prefers-color-scheme:\s*\w+\s*\)/, '').trim()) return [];
    schemes = schemes.filter((s) => s === scheme);
  }
  return schemes;
}

const isRootRule = (rule: Rule) =>
  rule.selectors.some((selector) => selector === ':root' || selector === 'html');

/** The colour of a declaration, when it is one a contrast can be computed of. */
function colourOf(decl: Declaration): string | undefined {
  const color = parseColor(decl.value.trim());
  return color && (color.alpha ?? 1) === 1 ? formatHex(color) : undefined;
}

/** The tokens in each scheme once theme.css's `:root` rules have set theirs. */
function tokensAfter(css: Root, brand: BrandConfig | undefined) {
  const tokens = { light: tokensBefore('light', brand), dark: tokensBefore('dark', brand) };
  css.walkRules((rule) => {
    if (!isRootRule(rule)) return;
    const schemes = schemesOf(rule);
    rule.walkDecls(/^--/, (decl) => {
      const color = colourOf(decl);
      const name = decl.prop.slice(2);
      for (const scheme of schemes)
        if (color) tokens[scheme].set(name, { color, line: decl.source?.start?.line });
        // A value that is no plain colour (a var(), a calc()) cannot be measured: left out.
        else tokens[scheme].delete(name);
    });
  });
  return tokens;
}

function contrastWarnings(css: Root, brand: BrandConfig | undefined): ThemeWarning[] {
  const warnings: ThemeWarning[] = [];
  const tokens = tokensAfter(css, brand);
  for (const scheme of SCHEMES)
    for (const [name, on, minimum] of PAIRS) {
      const token = tokens[scheme].get(name);
      for (const backName of on) {
        const back = tokens[scheme].get(backName);
        if (!token || !back || (token.line === undefined && back.line === undefined)) continue;
        const ratio = wcagContrast(token.color, back.color);
        if (ratio >= minimum) continue;
        warnings.push({
          line: token.line ?? back.line,
          text:
            `--${name} ${token.color} reads at ${ratioText(ratio)} on --${backName} ` +
            `${back.color} in the ${scheme} scheme; WCAG AA asks ${ratioText(minimum)}`,
        });
      }
    }
  return warnings;
}

const HIDES_OUTLINE = /^(none|0|0px|0em|0rem)(\s|$)/;
/** What shows focus in place of an outline: a ring of shadow, a border, a background, a line. */
const SHOWS_FOCUS =
  /^(box-shadow|border(-[a-z-]+)?|background(-color)?|text-decoration(-[a-z-]+)?)$/;

function focusWarnings(css: Root): ThemeWarning[] {
  const warnings: ThemeWarning[] = [];
  css.walkRules((rule) => {
    if (!rule.selector.includes(':focus')) return;
    const decls = rule.nodes.filter((node): node is Declaration => node.type === 'decl');
    const hiding = decls.find(
      (d) =>
        (d.prop === 'outline' || d.prop === 'outline-style' || d.prop === 'outline-width') &&
        HIDES_OUTLINE.test(d.value.trim()),
    );
    if (!hiding) return;
    const replaced = decls.some(
      (d) =>
        (SHOWS_FOCUS.test(d.prop) && !/^(none|0|transparent)$/.test(d.value.trim())) ||
        (d.prop === 'outline' && d !== hiding && !HIDES_OUTLINE.test(d.value.trim())),
    );
    if (replaced) return;
    warnings.push({
      line: hiding.source?.start?.line,
      text:
        `"${rule.selector}" hides the focus outline (${hiding.prop}: ${hiding.value}) with nothing ` +
        'in its place (an outline, a box-shadow, a border or a background): keyboard users lose ' +
        'where they are (WCAG 2.4.7)',
    });
  });
  return warnings;
}

const OTHER_HOST = /url\(\s*['"]?(https?:)?\/\/|@import\s+['"](https?:)?\/\//i;

function otherHostWarnings(css: Root): ThemeWarning[] {
  const warnings: ThemeWarning[] = [];
  css.walk((node) => {
    const text =
      node.type === 'decl'
        ? node.value
        : node.type === 'atrule'
          ? `@${node.name} ${node.params}`
          : '';
    if (OTHER_HOST.test(text))
      warnings.push({
        line: node.source?.start?.line,
        text: "loads a file from another host, which the site's Content-Security-Policy refuses; put it in the site",
      });
  });
  return warnings;
}

/** Every warning about theme.css, in the order of its lines. */
export function themeWarnings(css: Root, brand: BrandConfig | undefined): ThemeWarning[] {
  return [...focusWarnings(css), ...contrastWarnings(css, brand), ...otherHostWarnings(css)].sort(
    (a, b) => (a.line ?? 0) - (b.line ?? 0),
  );
}
