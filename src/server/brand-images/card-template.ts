import { SHARE_SIZE } from '../../shared/image-variants.js';
import type { BrandLook } from './brand-look.js';
import { svgText, xmlSafe } from './svg-text.js';
import { fitText, wrapText } from './text-lines.js';

/** The words of a link-preview card. */
export interface CardText {
  /** The post's title, or the site's on the site's own card. */
  title: string;
  /** Smaller text under the title when there is room: the site's description. */
  subtitle?: string;
  /** The line at the foot, in the accent: the site's name, or its author's. */
  footer: string;
}

/** Where a logo is laid over the drawing, in pixels of the card. */
export interface LogoBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface CardDrawing {
  svg: string;
  /** Set when the card was given a logo's size: the box the logo is composited into. */
  logo?: LogoBox;
}

const { width: WIDTH, height: HEIGHT } = SHARE_SIZE;
const PAD = 80;
const TEXT_WIDTH = WIDTH - 2 * PAD;
const MARK_TOP = 64;
const MARK_SIZE = 96;
const LOGO_MAX_WIDTH = 320;
const TITLE_TOP = 208;
/** Where the title and subtitle must end: above the footer. */
const TEXT_BOTTOM = 530;
const FOOTER_BASELINE = 572;
const BAND = 20;
const LEADING = 1.18;
const TITLE_SIZES = [72, 62, 54, 48] as const;
const SUBTITLE_SIZE = 32;
const FOOTER_SIZE = 30;

/** A box of at most LOGO_MAX_WIDTH × MARK_SIZE with the logo's proportions, at the mark's place. */
function logoBox(logo: { width: number; height: number }): LogoBox {
  const scale = Math.min(LOGO_MAX_WIDTH / logo.width, MARK_SIZE / logo.height);
  return {
    left: PAD,
    top: MARK_TOP,
    width: Math.max(1, Math.round(logo.width * scale)),
    height: Math.max(1, Math.round(logo.height * scale)),
  };
}

/** The owner's initials on the accent, where the site has no logo. */
function monogram(look: BrandLook): string {
  const size = [...look.initials].length > 1 ? 40 : 52;
  return [
    `<rect x="${PAD}" y="${MARK_TOP}" width="${MARK_SIZE}" height="${MARK_SIZE}" rx="20" fill="${look.accent}"/>`,
    `<text x="${PAD + MARK_SIZE / 2}" y="${MARK_TOP + MARK_SIZE / 2}" text-anchor="middle" dominant-baseline="central" font-family="${svgText(look.fonts)}" font-size="${size}" font-weight="700" fill="${look.onAccent}">${svgText(look.initials)}</text>`,
  ].join('');
}

/** One `<text>` per line, the first baseline at `top + size`. */
function lines(
  texts: string[],
  at: { top: number; size: number; weight: number; fill: string; fonts: string },
): string {
  return texts
    .map(
      (line, i) =>
        `<text x="${PAD}" y="${Math.round(at.top + at.size + i * at.size * LEADING)}" font-family="${svgText(at.fonts)}" font-size="${at.size}" font-weight="${at.weight}" fill="${at.fill}">${svgText(line)}</text>`,
    )
    .join('');
}

/** The card's texts in lines: the title fitted, the subtitle in the room left, the footer cut to one. */
function laidOut(text: CardText) {
  const title = fitText(xmlSafe(text.title), {
    width: TEXT_WIDTH,
    sizes: TITLE_SIZES,
    maxLines: (size) => (size >= 62 ? 3 : 4),
  });
  const titleBottom = TITLE_TOP + title.size * (1 + (title.lines.length - 1) * LEADING);
  const subtitleTop = titleBottom + 28;
  const room = Math.floor((TEXT_BOTTOM - subtitleTop) / (SUBTITLE_SIZE * LEADING));
  const subtitle =
    text.subtitle && room > 0
      ? wrapText(xmlSafe(text.subtitle), {
          width: TEXT_WIDTH,
          size: SUBTITLE_SIZE,
          maxLines: Math.min(2, room),
        }).lines
      : [];
  const footer = wrapText(xmlSafe(text.footer), {
    width: TEXT_WIDTH,
    size: FOOTER_SIZE,
    maxLines: 1,
  });
  return { title, subtitle, subtitleTop, footer };
}

/**
 * A 1200×630 link-preview card as SVG: the logo's place (or the monogram) at the top, the title
 * large (drawn smaller, then cut with an ellipsis, when long), the subtitle when there is room,
 * the footer in the accent and a band of it at the foot. Every text is escaped; the text box is
 * clipped, so that a line wider than estimated never leaves it.
 */
export function cardSvg(
  text: CardText,
  look: BrandLook,
  logo?: { width: number; height: number },
): CardDrawing {
  const { title, subtitle, subtitleTop, footer } = laidOut(text);
  const box = logo ? logoBox(logo) : undefined;
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<defs><clipPath id="text"><rect x="${PAD}" y="${MARK_TOP + MARK_SIZE}" width="${TEXT_WIDTH}" height="${TEXT_BOTTOM + 12 - MARK_TOP - MARK_SIZE}"/></clipPath>`,
    `<clipPath id="footer"><rect x="${PAD}" y="${TEXT_BOTTOM + 12}" width="${TEXT_WIDTH}" height="${HEIGHT - BAND - TEXT_BOTTOM - 12}"/></clipPath></defs>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${look.background}"/>`,
    `<rect y="${HEIGHT - BAND}" width="${WIDTH}" height="${BAND}" fill="${look.accent}"/>`,
    box ? '' : monogram(look),
    `<g clip-path="url(#text)">`,
    lines(title.lines, {
      top: TITLE_TOP,
      size: title.size,
      weight: 700,
      fill: look.text,
      fonts: look.fonts,
    }),
    lines(subtitle, {
      top: subtitleTop,
      size: SUBTITLE_SIZE,
      weight: 400,
      fill: look.muted,
      fonts: look.fonts,
    }),
    `</g><g clip-path="url(#footer)">`,
    lines(footer.lines, {
      top: FOOTER_BASELINE - FOOTER_SIZE,
      size: FOOTER_SIZE,
      weight: 700,
      fill: look.accent,
      fonts: look.fonts,
    }),
    `</g></svg>`,
  ].join('');
  return box ? { svg, logo: box } : { svg };
}
