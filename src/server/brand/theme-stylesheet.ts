import { createHash } from 'node:crypto';
import { lstat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import postcss, { CssSyntaxError } from 'postcss';
import type { BrandConfig } from '../../shared/schemas/brand.js';
import { ContentFileError } from '../content/content-errors.js';
import { decodeContentText } from '../content/text-file.js';
import { themeWarnings } from './theme-checks.js';

/**
 * The site folder's own stylesheet, read by the import: served after the app's (and the brand's)
 * from the site's origin under a name of its hash, so that the CSP stays as strict as it is.
 */
export const THEME_FILE = 'theme.css';

/** A theme restyles tokens and a few rules; a file this large is a mistake, not a theme. */
export const THEME_MAX_BYTES = 256 * 1024;

/** theme.css as the import takes it: its text, and what it warns about, each `file:line: words`. */
export interface ThemeStylesheet {
  css: string;
  warnings: string[];
}

/**
 * Reads `dir`/theme.css, or null when the folder has none. Refuses (ContentFileError, with the
 * line) a file that is a link, too large, not UTF-8 or not CSS; warns about what it would cost
 * readers, measured against the brand's colours.
 */
export async function readThemeStylesheet(
  dir: string,
  brand: BrandConfig | undefined,
): Promise<ThemeStylesheet | null> {
  const file = join(dir, THEME_FILE);
  const stat = await lstat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw new ContentFileError(file, [`cannot be read (${error.code})`]);
  });
  if (!stat) return null;
  if (stat.isSymbolicLink()) throw ContentFileError.symbolicLink(file);
  if (!stat.isFile()) throw new ContentFileError(file, ['is not a file']);
  if (stat.size > THEME_MAX_BYTES)
    throw new ContentFileError(file, [
      `is ${Math.ceil(stat.size / 1024)} KB; a theme may be at most ${THEME_MAX_BYTES / 1024} KB`,
    ]);
  const css = decodeContentText(await readFile(file), file);
  try {
    const root = postcss.parse(css, { from: file });
    const warnings = themeWarnings(root, brand).map(
      (warning) => `${file}${warning.line ? `:${warning.line}` : ''}: ${warning.text}`,
    );
    return { css, warnings };
  } catch (error) {
    if (!(error instanceof CssSyntaxError)) throw error;
    throw new ContentFileError(file, [`is not valid CSS (${error.reason})`], [error.line]);
  }
}

/** The name theme.css is served under carries this hash of its text. */
export const themeHash = (css: string) =>
  createHash('sha256').update(css).digest('hex').slice(0, 16);
