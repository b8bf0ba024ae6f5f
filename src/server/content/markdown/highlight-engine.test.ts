import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Marked, type Tokens } from 'marked';
import { createHighlighterCoreSync, type LanguageRegistration } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { beforeAll, describe, expect, it } from 'vitest';
import { codeColouring } from './code-colouring.js';
import { DEFAULT_CODE_THEMES } from './code-theme-sources.js';
import { highlightCode, startHighlighter, useCodeThemes } from './highlight.js';
import { grammarOf } from './languages.js';

/**
 * The highlighter runs the grammars' regular expressions in Oniguruma (WebAssembly); Shiki's
 * JavaScript engine translates them into JavaScript's own. Posts stored before the highlighter
 * changed engines are not rendered again while their files are unchanged (RENDER_VERSION), so
 * both must colour the demo's code alike, token for token.
 */

const POSTS = new URL('../../../../content/posts/', import.meta.url);

/** Every fenced block of the demo's posts with a language the highlighter colours. */
function demoBlocks(): { code: string; lang: string; grammar: string; post: string }[] {
  const lexer = new Marked({ gfm: true });
  return readdirSync(POSTS)
    .filter((name) => name.endsWith('.md'))
    .flatMap((post) => {
      const blocks: { code: string; lang: string; grammar: string; post: string }[] = [];
      const tokens = lexer.lexer(readFileSync(join(POSTS.pathname, post), 'utf8'));
      lexer.walkTokens(tokens, (token) => {
        if (token.type !== 'code') return;
        const { text: code, lang = '' } = token as Tokens.Code;
        const grammar = grammarOf(lang.match(/^\S*/)![0]);
        if (grammar) blocks.push({ code, lang, grammar, post });
      });
      return blocks;
    });
}

type Run = [classes: string, text: string];

/** Runs of one class, neighbours of the same class joined, empty ones dropped. */
function joined(runs: Run[]): Run[] {
  const out: Run[] = [];
  for (const [classes, text] of runs) {
    const last = out.at(-1);
    if (last && last[0] === classes) last[1] += text;
    else if (text) out.push([classes, text]);
  }
  return out;
}

const unescape = (html: string) =>
  html.replace(
    /&(amp|lt|gt|quot);/g,
    (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[name]!,
  );

/** The runs of a highlighted block's HTML (`highlightCode`'s spans and the text between). */
function runsOfHtml(html: string): Run[] {
  const inner = html.match(/^<pre class="shiki"><code[^>]*>([\s\S]*)\n<\/code><\/pre>\n$/)![1]!;
  return joined(
    [...inner.matchAll(/<span class="([^"]*)">([^<]*)<\/span>|([^<]+)/g)].map(
      ([, classes, spanned, bare]) => [classes ?? '', unescape(spanned ?? bare!)],
    ),
  );
}

beforeAll(async () => {
  await startHighlighter();
  // The themes are the module's, and files that share this worker's modules may have set others.
  useCodeThemes(DEFAULT_CODE_THEMES);
});

describe("the highlighter's engine", () => {
  it("colours every fenced block of the demo's posts as Shiki's JavaScript engine does", async () => {
    const blocks = demoBlocks();
    const colouring = codeColouring(DEFAULT_CODE_THEMES);
    const grammars = [...new Set(blocks.map((b) => b.grammar))];
    const langs = await Promise.all(
      grammars.map(
        async (grammar) =>
          ((await import(`@shikijs/langs/${grammar}`)) as { default: LanguageRegistration[] })
            .default,
      ),
    );
    const javascript = createHighlighterCoreSync({
      themes: colouring.themes,
      langs: langs.flat(),
      engine: createJavaScriptRegexEngine(),
    });
    let coloured = 0;
    for (const { code, lang, grammar, post } of blocks) {
      const lines = colouring.tokenize(javascript, code, {
        lang: grammar,
        tokenizeMaxLineLength: 2_000,
        tokenizeTimeLimit: 0,
      });
      const expected = joined(
        lines.flatMap((line, i): Run[] => [
          ...(i > 0 ? [['', '\n'] as Run] : []),
          ...line.map(({ classes, content }): Run => [classes, content]),
        ]),
      );
      const actual = runsOfHtml(highlightCode(code, lang));
      expect(actual, `${post}, a block of ${lang}`).toEqual(expected);
      coloured += actual.filter(([classes]) => classes).length;
    }
    // Not a comparison of plain text: the blocks' tokens were coloured, in several languages.
    expect(grammars.length).toBeGreaterThan(1);
    expect(coloured).toBeGreaterThan(blocks.length);
  });
});
