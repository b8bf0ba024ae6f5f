import { Marked, type Token } from 'marked';
import { IMAGES_PREFIX, imagePath } from '../../../shared/paths.js';
import { HtmlNesting } from './html-nesting.js';
import { isImageFileName } from '../../images/image-names.js';
import { inlineCost, inlineWorkAllowed, inlineWorkProblem } from './inline-cost.js';
import { MarkdownLimitError, NESTING_LIMITS, nestingProblem } from './nesting-limits.js';
import { startPost, writerExtensions, type RenderOptions } from './extensions.js';

/** GitHub-flavoured Markdown and what writers expect beyond it, one parser for the process. */
const marked = new Marked({ gfm: true, async: false }, ...writerExtensions());
/** The extensions' own token walks (footnotes moved to the end, alerts found in blockquotes). */
const extensionWalk = marked.defaults.walkTokens;
/** A token that leaves the footnotes' per-post state reset when walked. */
const RESET: Token = { type: 'space', raw: '' };

export interface RenderedMarkdown {
  /** Unsanitized HTML: the caller sanitizes. */
  html: string;
  /** The content's image files the body refers to, by bare name. */
  localImages: string[];
}

/**
 * Marked's lexer, in its two passes: blocks, then the inline text of each (paragraphs, headings,
 * cells), which is checked before it is lexed: emphasis is where Marked recurses and searches.
 * Throws MarkdownLimitError. (The same steps as `marked.lexer`, with the check between them.)
 */
function lex(markdown: string): Token[] {
  const lexer = new marked.Lexer(marked.defaults);
  const tokens = lexer.blockTokens(markdown.replace(/\r\n|\r/g, '\n'), lexer.tokens);
  let work = 0;
  const allowed = inlineWorkAllowed(markdown.length);
  for (const { src } of lexer.inlineQueue) {
    const cost = inlineCost(src);
    if (cost.depth > NESTING_LIMITS.emphasis)
      throw new MarkdownLimitError(nestingProblem('emphasis', cost.depth), src);
    work += cost.emphasisWork + cost.wordWork;
    if (work > allowed) throw new MarkdownLimitError(inlineWorkProblem(cost), src);
  }
  for (const { src, tokens: inline } of lexer.inlineQueue) {
    lexer.state.inRawBlock = false;
    lexer.inlineTokens(src, inline);
  }
  lexer.inlineQueue = [];
  return tokens;
}

/**
 * Markdown to HTML, with bare image file names pointed at /images/ where the importer copies
 * them. The body is lexed once for both jobs: lexing is most of the cost of an import's parse.
 * Throws MarkdownLimitError for emphasis or raw HTML nested too deeply.
 */
export function renderMarkdown(markdown: string, options: RenderOptions = {}): RenderedMarkdown {
  startPost(markdown, options);
  try {
    return render(markdown);
  } finally {
    // A post refused halfway leaves marked-footnote's state set; the next post must not see it.
    extensionWalk?.call(marked, RESET);
  }
}

function render(markdown: string): RenderedMarkdown {
  const tokens = lex(markdown);
  const names = new Set<string>();
  // Raw HTML as Marked found it: what is in code spans and blocks is text, not elements.
  const rawHtml = new HtmlNesting();
  marked.walkTokens(tokens, (token: Token) => {
    extensionWalk?.call(marked, token);
    if (token.type === 'html') rawHtml.feed(token.raw);
    if (token.type !== 'image') return;
    if (isImageFileName(token.href)) {
      names.add(token.href);
      token.href = imagePath(token.href);
    } else if (token.href.startsWith(IMAGES_PREFIX)) {
      const name = token.href.slice(IMAGES_PREFIX.length);
      if (isImageFileName(name)) names.add(name);
    }
  });
  const { depth, piece, offset } = rawHtml.deepest;
  if (depth > NESTING_LIMITS.html)
    throw new MarkdownLimitError(nestingProblem('html', depth), piece, offset);
  return { html: marked.parser(tokens), localImages: [...names] };
}
