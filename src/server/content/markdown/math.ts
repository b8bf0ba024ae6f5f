import { createRequire } from 'node:module';
import type { TokenizerAndRendererExtension } from 'marked';

/** temml is loaded on the first formula: most posts have none. */
const require = createRequire(import.meta.url);
type Temml = { renderToString(tex: string, options: Record<string, unknown>): string };
let temml: Temml | undefined;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * TeX as MathML, which browsers lay out themselves: no script or font reaches the reader. A
 * formula temml cannot read stays as its source, in code. Untrusted commands (\href, \style,
 * \class) are refused by temml's default, and its inline styles are dropped by the sanitizer.
 */
export function renderMath(tex: string, display: boolean): string {
  temml ??= require('temml') as Temml;
  let html: string;
  try {
    html = temml.renderToString(tex, { displayMode: display, throwOnError: true, trust: false });
  } catch {
    html = `<code class="math-error">${escapeHtml(display ? `$$${tex}$$` : `$${tex}$`)}</code>`;
  }
  // A block of its own, which Markdown passes through whole when an exported post is imported.
  return display ? `<div class="math-display">${html}</div>\n` : html;
}

interface MathToken {
  type: 'mathBlock' | 'mathInline';
  raw: string;
  text: string;
  display: boolean;
}

/** `$$` on a line of its own, the formula, `$$` on a line of its own; or `$$ … $$` on one line. */
const BLOCK =
  /^\$\$[ \t]*\n([\s\S]+?)\n[ \t]*\$\$[ \t]*(?:\n+|$)|^\$\$([^\n$]+?)\$\$[ \t]*(?:\n+|$)/;
/**
 * `$$…$$` inline, or `$…$` whose inside neither starts nor ends with a space and whose closing `$`
 * is not followed by a digit, so that "$5 and $10" stays text (the rule pandoc follows).
 */
const INLINE =
  /^\$\$(?![\s$])((?:\\.|[^\\$])+?)\$\$|^\$(?![\s$])((?:\\.|[^\\$\n])+?)(?<!\s)\$(?!\d)/;

/**
 * Whether the post being rendered has a `$` at all. Marked asks a `start` function where the next
 * formula may begin before every run of text, over the rest of the post: for the many posts
 * without one, that scan is skipped.
 */
let dollars = false;

/** Called before each post. */
export function startMath(markdown: string): void {
  dollars = markdown.includes('$');
}

export const mathBlock: TokenizerAndRendererExtension = {
  name: 'mathBlock',
  level: 'block',
  start: (src) => (dollars ? src.match(/^\$\$/m)?.index : undefined),
  tokenizer(src) {
    if (!dollars) return undefined;
    const match = BLOCK.exec(src);
    if (!match) return undefined;
    return {
      type: 'mathBlock',
      raw: match[0],
      text: (match[1] ?? match[2]!).trim(),
      display: true,
    };
  },
  renderer: (token) => renderMath((token as unknown as MathToken).text, true),
};

export const mathInline: TokenizerAndRendererExtension = {
  name: 'mathInline',
  level: 'inline',
  // An escaped `\$` is Marked's: the text before it must not end at its `$`.
  start: (src) => {
    if (!dollars) return undefined;
    const at = src.search(/(?<!\\)\$/);
    return at === -1 ? undefined : at;
  },
  tokenizer(src) {
    if (!dollars) return undefined;
    const match = INLINE.exec(src);
    if (!match) return undefined;
    const display = match[1] !== undefined;
    return { type: 'mathInline', raw: match[0], text: (match[1] ?? match[2]!).trim(), display };
  },
  renderer: (token) => {
    const { text, display } = token as unknown as MathToken;
    return renderMath(text, display);
  },
};
