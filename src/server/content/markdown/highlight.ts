import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { HighlighterCore, LanguageRegistration } from 'shiki/core';
import { codeColouring } from './code-colouring.js';
import { DEFAULT_CODE_THEMES, type CodeThemePair } from './code-theme-sources.js';
import { grammarOf } from './languages.js';

/**
 * Shiki and each grammar are loaded with `require` (their ES modules, synchronously: the render is
 * synchronous, and a parser thread loads each grammar once), from node_modules at run time: the
 * server's bundle does not carry them.
 */
const require = createRequire(import.meta.url);

/** Longer blocks and lines stay plain: tokenizing is linear at best, and an import has a budget. */
const MAX_CODE_CHARS = 100_000;
const MAX_LINE_CHARS = 2_000;

let highlighter: HighlighterCore | undefined;
let starting: Promise<void> | undefined;
const loaded = new Set<string>();
const loadedThemes = new Set<string>();

/**
 * Thrown by a render that meets code to colour before `startHighlighter` has finished: the
 * caller awaits it and renders again (`load-post.ts`), so that a process rendering no code
 * never starts the highlighter.
 */
export class HighlighterNotStarted extends Error {
  constructor() {
    super('code highlighting is not started: await startHighlighter() before rendering');
  }
}

/**
 * Starts Shiki with Oniguruma's regular expressions (WebAssembly), once a process: half the CPU
 * of its JavaScript engine on the demo's code, with the same tokens. The engine's WebAssembly can
 * only be started asynchronously (`loadWasm` awaits its instance however it is given).
 */
export function startHighlighter(): Promise<void> {
  starting ??= (async () => {
    const { createHighlighterCoreSync } = require('shiki/core') as typeof import('shiki/core');
    const { createOnigurumaEngine } =
      require('shiki/engine/oniguruma') as typeof import('shiki/engine/oniguruma');
    // The .wasm file, not `shiki/wasm`: that module holds it as 620 KB of base64 to decode.
    const engine = await createOnigurumaEngine(readFile(require.resolve('shiki/onig.wasm')));
    highlighter = createHighlighterCoreSync({ themes: [], langs: [], engine });
  })();
  return starting;
}

/** The themes code is coloured with in the render under way (`useCodeThemes`). */
let colouring = codeColouring(DEFAULT_CODE_THEMES);

/**
 * Sets the themes of the code of the posts rendered from now on (site.yaml's `brand.code_theme`):
 * set before each post's render (markdown/extensions.ts `startPost`), as the render is synchronous.
 */
export function useCodeThemes(pair: CodeThemePair = DEFAULT_CODE_THEMES): void {
  colouring = codeColouring(pair);
}

function load(grammar: string): HighlighterCore {
  if (!highlighter) throw new HighlighterNotStarted();
  for (const theme of colouring.themes)
    if (!loadedThemes.has(theme.name!)) {
      highlighter.loadThemeSync(theme);
      loadedThemes.add(theme.name!);
    }
  if (!loaded.has(grammar)) {
    const { default: registrations } = require(`@shikijs/langs/${grammar}`) as {
      default: LanguageRegistration[];
    };
    highlighter.loadLanguageSync(registrations);
    loaded.add(grammar);
  }
  return highlighter;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;',
  );

/**
 * A fenced block as HTML: `<pre class="shiki">` with a class on each token when its language is
 * known, else plain as Marked writes it. Never throws for the code or the language; throws
 * HighlighterNotStarted for code to colour before `startHighlighter` has finished.
 */
export function highlightCode(code: string, language: string): string {
  const lang = language.match(/^\S*/)![0];
  const langClass = lang ? ` class="language-${escapeHtml(lang)}"` : '';
  const plain = `<pre><code${langClass}>${escapeHtml(code)}\n</code></pre>\n`;
  const grammar = grammarOf(lang);
  if (!grammar || code.length > MAX_CODE_CHARS) return plain;
  const lines = colouring.tokenize(load(grammar), code, {
    lang: grammar,
    tokenizeMaxLineLength: MAX_LINE_CHARS,
    // No time limit: a line cut short when the clock ran out (a grammar's expressions are compiled
    // on first use, slowly on a busy machine) would store different HTML for the same post.
    tokenizeTimeLimit: 0,
  });
  let html = '';
  for (const [i, line] of lines.entries()) {
    if (i > 0) html += '\n';
    // Neighbours of one class become one span: the tokenizer splits more finely than it colours.
    let open = '';
    for (const { content, classes } of line) {
      if (classes !== open) {
        if (open) html += '</span>';
        if (classes) html += `<span class="${classes}">`;
        open = classes;
      }
      html += escapeHtml(content);
    }
    if (open) html += '</span>';
  }
  return `<pre class="shiki"><code${langClass}>${html}\n</code></pre>\n`;
}
