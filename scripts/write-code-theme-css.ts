// Writes src/web/styles/code-theme.css, the colours of highlighted code's classes, from the themes
// named in src/server/content/markdown/code-theme.ts. Run: npx tsx scripts/write-code-theme-css.ts
import { writeFileSync } from 'node:fs';
import {
  CODE_THEME_CSS_FILE,
  formattedCodeThemeCss,
} from '../src/server/content/markdown/code-theme-css.js';

writeFileSync(CODE_THEME_CSS_FILE, await formattedCodeThemeCss());
console.log(`wrote ${CODE_THEME_CSS_FILE}`);
