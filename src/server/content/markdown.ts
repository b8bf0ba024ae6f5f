import { Marked, type Token } from 'marked';

const IMAGE_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]*\.(svg|webp|png|jpe?g|gif|avif)$/i;
const IMAGES_PATH = '/images/';

/** True when an image reference is a bare file name from the content's images folder. */
export function isLocalImage(src: string): boolean {
  return IMAGE_FILE.test(src);
}

/** GitHub-flavoured Markdown, one parser for the process. */
const marked = new Marked({ gfm: true, async: false });

export interface RenderedMarkdown {
  /** Unsanitized HTML: the caller sanitizes. */
  html: string;
  /** The content's image files the body refers to, by bare name. */
  localImages: string[];
}

/**
 * Markdown to HTML, with bare image file names pointed at /images/ where the importer copies
 * them. The body is lexed once for both jobs: lexing is most of the cost of an import's parse.
 */
export function renderMarkdown(markdown: string): RenderedMarkdown {
  const tokens = marked.lexer(markdown);
  const names = new Set<string>();
  marked.walkTokens(tokens, (token: Token) => {
    if (token.type !== 'image') return;
    if (isLocalImage(token.href)) {
      names.add(token.href);
      token.href = `${IMAGES_PATH}${token.href}`;
    } else if (token.href.startsWith(IMAGES_PATH)) {
      const name = token.href.slice(IMAGES_PATH.length);
      if (isLocalImage(name)) names.add(name);
    }
  });
  return { html: marked.parser(tokens), localImages: [...names] };
}
