import { fileURLToPath } from 'node:url';
import { format } from 'prettier';
import { codeThemeCss } from './code-theme.js';

/** The committed stylesheet of the code classes, which the web app imports. */
export const CODE_THEME_CSS_FILE = fileURLToPath(
  new URL('../../../web/styles/code-theme.css', import.meta.url),
);

/** The stylesheet as the repository keeps it (Prettier's CSS format, as `npm run lint` checks). */
export async function formattedCodeThemeCss(): Promise<string> {
  return format(codeThemeCss(), { parser: 'css', filepath: CODE_THEME_CSS_FILE });
}
