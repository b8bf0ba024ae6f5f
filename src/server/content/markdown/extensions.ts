import type { MarkedExtension, Tokens } from 'marked';
import markedAlert from 'marked-alert';
import markedFootnote from 'marked-footnote';
import { headingRenderer, resetHeadingIds } from './headings.js';
import type { CodeThemePair } from './code-theme-sources.js';
import { highlightCode, useCodeThemes } from './highlight.js';
import { mathBlock, mathInline, startMath } from './math.js';

/** GitHub's five alerts, with their titles as text: no inline SVG icons (the CSS marks them). */
const ALERTS = ['note', 'tip', 'important', 'warning', 'caution'].map((type) => ({
  type,
  icon: '',
}));

/**
 * What Markdown renders beyond GFM: highlighted code, heading ids with self-links, footnotes,
 * alerts, math, and table alignment as classes (the site's CSS has no rule an `align` attribute
 * could beat). Task lists are GFM's own (disabled checkboxes).
 */
export function writerExtensions(): MarkedExtension[] {
  return [
    markedFootnote({ headingClass: 'visually-hidden' }),
    markedAlert({ variants: ALERTS }),
    { extensions: [mathBlock, mathInline] },
    {
      renderer: {
        ...headingRenderer,
        code: ({ text, lang }: Tokens.Code) => highlightCode(text, lang ?? ''),
        tablecell(this: { parser: { parseInline(t: Tokens.Generic[]): string } }, cell) {
          const tag = cell.header ? 'th' : 'td';
          const align = cell.align ? ` class="align-${cell.align}"` : '';
          return `<${tag}${align}>${this.parser.parseInline(cell.tokens)}</${tag}>\n`;
        },
      },
    },
  ];
}

/** What a render takes from the site besides the post: the themes of its code. */
export interface RenderOptions {
  codeThemes?: CodeThemePair;
}

/** Before each post: per-post state of the extensions starts afresh, with the site's options. */
export function startPost(markdown: string, options: RenderOptions = {}): void {
  resetHeadingIds();
  startMath(markdown);
  useCodeThemes(options.codeThemes);
}
