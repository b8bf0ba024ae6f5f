import { Type, type Static, type TLiteral, type TUnion } from 'typebox';
import { linkProblem } from '../owner-links.js';
import { ContentUrl, ImageFile, NonBlankText as Text } from './content-fields.js';

/**
 * The owner's brand in site.yaml (`brand:`, `links:`, `navigation:`): every field optional, each
 * with a default that looks finished (issue 34). Colours are checked for WCAG contrast by the
 * import (server/brand/accent.ts), not here: a schema cannot compute a ratio.
 */

/**
 * One of `values`, as a union of literals whose static type is the union of the values: mapped
 * over the tuple, since `values.map(Type.Literal)` types as one literal of every value, whose
 * static type is `never`.
 */
function oneOf<const Values extends readonly string[]>(values: Values) {
  return Type.Union(values.map((value) => Type.Literal(value))) as unknown as TUnion<{
    -readonly [I in keyof Values]: TLiteral<Values[I]>;
  }>;
}

/** A colour as CSS hex, `#rgb` or `#rrggbb`. */
export const HexColor = Type.String({
  pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$',
  patternErrorMessage: 'not a colour; write it as #rrggbb, e.g. #0b5cad',
});

/**
 * The type families the site serves itself (no request to another host): `system` (the default,
 * the platform's own, nothing downloaded), sans (Inter), serif (Source Serif 4), humanist (Source
 * Sans 3), mono (JetBrains Mono, code's too).
 */
export const FONT_FAMILIES = ['system', 'sans', 'serif', 'humanist', 'mono'] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];

/**
 * Shiki's bundled themes offered for code blocks, emitted as classes (no style attributes); the
 * first of each list, GitHub's default themes, by default. Changing them re-renders every post at
 * the next import.
 */
export const CODE_THEMES_LIGHT = [
  'github-light-default',
  'github-light',
  'one-light',
  'solarized-light',
  'min-light',
  'vitesse-light',
  'catppuccin-latte',
  'rose-pine-dawn',
  'gruvbox-light-medium',
  'everforest-light',
] as const;
export const CODE_THEMES_DARK = [
  'github-dark-default',
  'github-dark',
  'github-dark-dimmed',
  'one-dark-pro',
  'solarized-dark',
  'min-dark',
  'vitesse-dark',
  'nord',
  'dracula',
  'catppuccin-mocha',
  'rose-pine',
  'gruvbox-dark-medium',
  'everforest-dark',
  'tokyo-night',
] as const;

export const BrandConfig = Type.Object(
  {
    /** An image of images/ for the top bar; without one, a monogram of the author's initials. */
    logo: Type.Optional(ImageFile()),
    /** The owner's photo: the portfolio's hero and the author box under posts. */
    photo: Type.Optional(ImageFile()),
    /** A square image (512 px or more) from which the import makes the favicon, touch icon and manifest icons. */
    icon: Type.Optional(ImageFile()),
    /** The accent in each colour scheme; hover, focus ring and link colours are derived from it. */
    accent: Type.Optional(
      Type.Object(
        { light: Type.Optional(HexColor), dark: Type.Optional(HexColor) },
        { additionalProperties: false },
      ),
    ),
    /** The site's type: `system` (the default), sans, serif, humanist or mono, served by the site. */
    font: Type.Optional(oneOf(FONT_FAMILIES)),
    /** Shiki's themes for code blocks in each colour scheme; GitHub's default ones by default. */
    code_theme: Type.Optional(
      Type.Object(
        {
          light: Type.Optional(oneOf(CODE_THEMES_LIGHT)),
          dark: Type.Optional(oneOf(CODE_THEMES_DARK)),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type BrandConfig = Static<typeof BrandConfig>;

/** The services a link can name; each has an icon and an accessible name of its own. */
export const LINK_KINDS = [
  'github',
  'gitlab',
  'linkedin',
  'mastodon',
  'bluesky',
  'email',
  'rss',
  'website',
] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/** One of the owner's links: shown in the footer, on /resume and in the author box. */
export const OwnerLink = Type.Object(
  {
    kind: oneOf(LINK_KINDS),
    url: ContentUrl({ mailto: true }),
    /** The link's visible and accessible name; the service's name when left out (required for `website`). */
    label: Type.Optional(Text(60)),
  },
  { additionalProperties: false },
);
export type OwnerLink = Static<typeof OwnerLink>;

/** An extra entry of the top bar, after the specification's own: a page of the site or another site. */
export const NavigationEntry = Type.Object(
  { label: Text(40), url: ContentUrl() },
  { additionalProperties: false },
);
export type NavigationEntry = Static<typeof NavigationEntry>;

/** The links in the order shown, each as its kind wants it written (owner-links.ts `linkProblem`). */
export const OwnerLinks = Type.Array(
  Type.Refine(
    OwnerLink,
    (link) => linkProblem(link) === undefined,
    (link) => linkProblem(link) ?? '',
  ),
  { maxItems: 12 },
);
export const Navigation = Type.Array(NavigationEntry, { maxItems: 6 });
