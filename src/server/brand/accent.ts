import { formatHex, oklch, toGamut, wcagContrast, type Oklch } from 'culori';
import {
  BACKGROUNDS,
  DEFAULT_ACCENT_TOKENS,
  SCHEMES,
  TEXT_ON_ACCENT,
  type AccentTokens,
  type Background,
  type Scheme,
} from './scheme-colors.js';

/**
 * The accent a site owner chooses, checked against WCAG AA and turned into the tokens it decides.
 * Every other colour of the accent is derived, never written by hand: the hover colour, the text
 * on it and the focus ring, each by a rule that keeps its own contrast.
 */

/** WCAG AA for text (1.4.3): links on the page, the text on a button of the accent. */
export const TEXT_CONTRAST = 4.5;
/** WCAG AA for what is not text (1.4.11): the focus ring and the edges of controls. */
export const NON_TEXT_CONTRAST = 3;

/** How far hover moves the accent's OKLCH lightness, away from the background (the demo's step). */
const HOVER_STEP = 0.07;
/** The smallest move of lightness while looking for a colour that passes. */
const LIGHTNESS_STEP = 0.005;
/** Below this OKLCH chroma a colour is a grey, whose hue means nothing. */
const GREY_CHROMA = 0.02;

/**
 * Where the focus ring starts before it is moved to pass: the demo's focus colour's lightness,
 * chroma and (for a grey accent, which has no hue to stand against) hue in each scheme.
 */
const FOCUS_START: Record<Scheme, { l: number; c: number; h: number }> = {
  light: { l: 0.553, c: 0.174, h: 38.4 },
  dark: { l: 0.834, c: 0.125, h: 66.9 },
};

const inSrgb = toGamut('rgb', 'oklch');

/** `#rrggbb`, lower case: of a hex colour as written (`#rgb` too), or of an OKLCH one mapped into sRGB. */
export function hexOf(color: string | Oklch): string {
  return typeof color === 'string' ? formatHex(color)! : formatHex(inSrgb(color));
}

/** A ratio as people read it, cut (not rounded) so that 4.49 never shows as 4.5. */
export const ratioText = (ratio: number) => `${Math.floor(ratio * 10) / 10}:1`;

/** The text that reads best on the accent: white or the dark ink, whichever contrasts more. */
export function textOn(accent: string): string {
  const [white, ink] = TEXT_ON_ACCENT;
  return wcagContrast(white, accent) >= wcagContrast(ink, accent) ? white : ink;
}

/** One contrast the accent must reach, measured: what against, the ratio, the minimum. */
export interface ContrastCheck {
  what: string;
  against: string;
  ratio: number;
  minimum: number;
}

/** The background of the scheme on which `color` contrasts least. */
function worstBackground(color: string, scheme: Scheme): Background {
  return BACKGROUNDS[scheme].reduce((worst, bg) =>
    wcagContrast(color, bg.color) < wcagContrast(color, worst.color) ? bg : worst,
  );
}

/** The contrasts an accent must reach in a scheme: as text on each background, under its text. */
export function accentChecks(accent: string, scheme: Scheme): ContrastCheck[] {
  const bg = worstBackground(accent, scheme);
  const text = textOn(accent);
  return [
    {
      what: `as text on ${bg.name}`,
      against: bg.color,
      ratio: wcagContrast(accent, bg.color),
      minimum: TEXT_CONTRAST,
    },
    {
      what: 'under the text of a button',
      against: text,
      ratio: wcagContrast(accent, text),
      minimum: TEXT_CONTRAST,
    },
  ];
}

/** The check furthest below its minimum, or undefined when the accent passes them all. */
export function accentShortfall(accent: string, scheme: Scheme): ContrastCheck | undefined {
  return accentChecks(accent, scheme)
    .filter((check) => check.ratio < check.minimum)
    .sort((a, b) => a.ratio / a.minimum - b.ratio / b.minimum)[0];
}

const passesAsAccent = (scheme: Scheme) => (hex: string) =>
  accentShortfall(hex, scheme) === undefined;

const passesAsFocus = (scheme: Scheme) => (hex: string) =>
  BACKGROUNDS[scheme].every((bg) => wcagContrast(hex, bg.color) >= NON_TEXT_CONTRAST);

/** -1 (darker) on light backgrounds, +1 (lighter) on dark ones: the way contrast grows. */
const awayFromBackground = (scheme: Scheme) => (scheme === 'light' ? -1 : 1);

/**
 * The colour at the same hue and chroma (as far as sRGB holds it) whose lightness is moved away
 * from the scheme's backgrounds by the least that makes it pass; the colour itself if it passes.
 * Black passes every test on the light backgrounds and white on the dark ones, so it always ends.
 */
function movedUntil(color: string | Oklch, scheme: Scheme, passes: (hex: string) => boolean) {
  if (typeof color === 'string' && passes(hexOf(color))) return hexOf(color);
  const start = oklch(color)!;
  const way = awayFromBackground(scheme);
  const end = way < 0 ? 0 : 1;
  for (let step = 0; ; step += 1) {
    const l = Math.min(1, Math.max(0, start.l + way * step * LIGHTNESS_STEP));
    const hex = hexOf({ ...start, l });
    if (passes(hex) || l === end) return hex;
  }
}

/** A colour near `accent` that passes as the accent of `scheme`: same hue, lightness moved. */
export function passingAccentNear(accent: string, scheme: Scheme): string {
  return movedUntil(accent, scheme, passesAsAccent(scheme));
}

/** Hover: the accent moved a fixed step further from the background, so its contrast only grows. */
function hoverOf(accent: string, scheme: Scheme): string {
  const color = oklch(accent)!;
  const l = Math.min(1, Math.max(0, color.l + awayFromBackground(scheme) * HOVER_STEP));
  return hexOf({ ...color, l });
}

/**
 * The focus ring: the hue opposite the accent's, so that a ring around a button of the accent
 * stands out from it, at the demo ring's lightness and chroma, moved until it reaches 3:1 on every
 * background of the scheme.
 */
function focusOf(accent: string, scheme: Scheme): string {
  const color = oklch(accent)!;
  const start = FOCUS_START[scheme];
  const h = color.h === undefined || color.c < GREY_CHROMA ? start.h : (color.h + 180) % 360;
  return movedUntil({ mode: 'oklch', l: start.l, c: start.c, h }, scheme, passesAsFocus(scheme));
}

/** Every token of an accent that passes in `scheme`, derived from it. */
export function accentTokens(accent: string, scheme: Scheme): AccentTokens {
  const hex = hexOf(accent);
  return {
    accent: hex,
    'accent-strong': hoverOf(hex, scheme),
    'accent-contrast': textOn(hex),
    focus: focusOf(hex, scheme),
  };
}

/** `brand.accent` of site.yaml: a colour per scheme, either one may be left out. */
export type AccentChoice = Partial<Record<Scheme, string>>;

const isDemoAccent = (color: string, scheme: Scheme) =>
  hexOf(color) === DEFAULT_ACCENT_TOKENS[scheme].accent;

/**
 * The accent tokens of both schemes, or undefined when they are the demo's (no accent, or the
 * demo's own: app.css's tokens then stay, hand-set as they are). A scheme left out takes the
 * other's colour moved until it passes there, one hue in both; the demo's if the other is.
 */
export function brandAccentTokens(
  choice: AccentChoice | undefined,
): Record<Scheme, AccentTokens> | undefined {
  const given = SCHEMES.find((scheme) => choice?.[scheme]);
  if (!given) return undefined;
  const givenColor = choice![given]!;
  const colorOf = (scheme: Scheme) =>
    choice![scheme] ??
    (isDemoAccent(givenColor, given)
      ? DEFAULT_ACCENT_TOKENS[scheme].accent
      : passingAccentNear(hexOf(givenColor), scheme));
  const tokensOf = (scheme: Scheme) =>
    isDemoAccent(colorOf(scheme), scheme)
      ? DEFAULT_ACCENT_TOKENS[scheme]
      : accentTokens(colorOf(scheme), scheme);
  if (SCHEMES.every((scheme) => isDemoAccent(colorOf(scheme), scheme))) return undefined;
  return { light: tokensOf('light'), dark: tokensOf('dark') };
}

/** One refusal of an accent: which scheme's colour, and the words. */
export interface AccentProblem {
  scheme: Scheme;
  text: string;
}

/**
 * What is wrong with the accents of site.yaml, in words that name the ratio reached, the ratio
 * WCAG AA asks and a nearby colour that passes. Empty when both pass.
 */
export function accentProblems(choice: AccentChoice | undefined): AccentProblem[] {
  const problems: AccentProblem[] = [];
  for (const scheme of SCHEMES) {
    const written = choice?.[scheme];
    if (!written) continue;
    const check = accentShortfall(hexOf(written), scheme);
    if (!check) continue;
    const near = passingAccentNear(written, scheme);
    const nearRatio = Math.min(...accentChecks(near, scheme).map((c) => c.ratio));
    problems.push({
      scheme,
      text:
        `brand.accent.${scheme} "${written}" reads at ${ratioText(check.ratio)} ${check.what} ` +
        `(${check.against}) in the ${scheme} scheme; WCAG AA asks ${ratioText(check.minimum)}. ` +
        `A nearby colour that passes: ${near} (${ratioText(nearRatio)})`,
    });
  }
  return problems;
}
