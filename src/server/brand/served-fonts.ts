import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createFontStack } from '@capsizecss/core';
import type { FontFamily } from '../../shared/schemas/brand.js';
import { lookPath } from '../../shared/paths.js';
import { SERVED_FAMILIES, type ServedFamily } from './font-families.js';

/**
 * The fonts a site serves from its own origin, straight from their npm packages: each package's
 * @font-face rules (one woff2 file per script, `font-display: swap`, a `unicode-range` so that a
 * browser fetches only the scripts a page uses) with each file renamed by the hash of its bytes,
 * so that it is cached as immutable, and a local fallback sized to the font's metrics, so that
 * the text takes the same room before and after the swap. The font's own rules are a stylesheet
 * of their own, which pages apply after their first paint (site-look.ts); the fallback's rules,
 * which download nothing, are inlined with the brand's.
 */
const require = createRequire(import.meta.url);

/** The package's stylesheets: every weight upright, then italic. */
const PACKAGE_STYLESHEETS = ['wght.css', 'wght-italic.css'];

/** A served font as pages use it. */
export interface ServedFont {
  /** The sized fallback's @font-face rules, compact: local fonts, nothing to download. */
  fallbackFaces: string;
  /** The `font-family` value: the font, its sized fallback, the fallback itself, the generic family. */
  stack: string;
  /** The font's own @font-face rules, compact, served as `href` (its name carries their hash). */
  stylesheet: { href: string; css: string };
  /** Each file's public name (`inter-latin-wght-normal.3f9a1c2b.woff2`) → where it lies. */
  files: Map<string, string>;
  /** A monospaced family, which code takes too. */
  forCode: boolean;
}

const made = new Map<string, ServedFont>();
/** Each served font's stylesheet by its public name (`inter.5d41402a.css`) → its rules. */
const stylesheets = new Map<string, string>();

/** 8 hex of the hash of `bytes`. */
const shortHash = (bytes: Buffer | string) =>
  createHash('sha256').update(bytes).digest('hex').slice(0, 8);

/** `name.woff2` → `name.<8 hex of its hash>.woff2`. */
const hashedName = (file: string, bytes: Buffer) =>
  file.replace(/\.woff2$/, `.${shortHash(bytes)}.woff2`);

/** The fallback's @font-face: capsize's overrides, with every local font of the same metrics. */
function fallbackFaces(family: ServedFamily, name: string) {
  const { fontFamily, fontFaces } = createFontStack(
    [{ ...family.metrics, familyName: name }, family.fallback.metrics],
    { fontFaceFormat: 'styleObject' },
  );
  const faces = fontFaces.map(({ '@font-face': face }) => {
    const src = [face.src, ...family.fallback.sameMetrics.map((local) => `local('${local}')`)];
    const rules = Object.entries({ ...face, src: src.join(',') }).map(
      ([property, value]) =>
        `${property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${String(value)}`,
    );
    return `@font-face{${rules.join(';')}}`;
  });
  return { stack: `${fontFamily}, ${family.generic}`, faces: faces.join('') };
}

function serve(family: ServedFamily): ServedFont {
  const dir = dirname(require.resolve(`${family.package}/${PACKAGE_STYLESHEETS[0]}`));
  const files = new Map<string, string>();
  const css = PACKAGE_STYLESHEETS.map((sheet) => readFileSync(join(dir, sheet), 'utf8'))
    .join('\n')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/url\(\.\/files\/([\w.-]+\.woff2)\)/g, (_url, file: string) => {
      const path = join(dir, 'files', file);
      const name = hashedName(file, readFileSync(path));
      files.set(name, path);
      return `url(${lookPath.font(name)})`;
    })
    // The font package's own stylesheet, read once at start: no visitor's or owner's text.
    /* eslint-disable regexp/no-super-linear-move */
    .replace(/\s*\n\s*/g, '')
    .replace(/\s*{\s*/g, '{')
    /* eslint-enable regexp/no-super-linear-move */
    .replace(/;\s*}/g, '}')
    .replace(/:\s+/g, ':');
  const name = css.match(/font-family:\s*'([^']+)'/)![1]!;
  const fallback = fallbackFaces(family, name);
  // `@fontsource-variable/source-serif-4` → `source-serif-4.<hash>.css`.
  const stylesheet = `${family.package.split('/').pop()!}.${shortHash(css)}.css`;
  stylesheets.set(stylesheet, css);
  return {
    fallbackFaces: fallback.faces,
    stack: fallback.stack,
    stylesheet: { href: lookPath.font(stylesheet), css },
    files,
    forCode: family.forCode,
  };
}

/** The font of `brand.font`, or undefined for `system` (the platform's, nothing to download). */
export function servedFont(font: FontFamily | undefined): ServedFont | undefined {
  if (!font || font === 'system') return undefined;
  let served = made.get(font);
  if (!served) {
    served = serve(SERVED_FAMILIES[font]);
    made.set(font, served);
  }
  return served;
}

/** Every family made, so that each file and stylesheet can be found by its public name. */
function allFamilies(): ServedFont[] {
  return (Object.keys(SERVED_FAMILIES) as Array<keyof typeof SERVED_FAMILIES>).map((font) =>
    servedFont(font)!,
  );
}

/**
 * Where a served font file lies, by its public name, whichever family it is of: a page cached
 * before the brand changed may still ask for the last font's files. Undefined for any other name.
 */
export function servedFontFile(name: string): string | undefined {
  for (const font of allFamilies()) {
    const path = font.files.get(name);
    if (path) return path;
  }
  return undefined;
}

/** A served font's stylesheet (its @font-face rules) by its public name, whichever family. */
export function servedFontStylesheet(name: string): string | undefined {
  allFamilies();
  return stylesheets.get(name);
}
