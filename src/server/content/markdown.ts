import { Marked } from 'marked';

const IMAGE_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]*\.(svg|webp|png|jpe?g|gif|avif)$/i;

/** True when an image reference is a bare file name from the content's images folder. */
export function isLocalImage(src: string): boolean {
  return IMAGE_FILE.test(src);
}

// One parser for the process: GitHub-flavoured Markdown, with bare image file names
// pointed at /images/ where the importer copies them.
const marked = new Marked({
  gfm: true,
  async: false,
  walkTokens(token) {
    if (token.type === 'image' && isLocalImage(token.href)) token.href = `/images/${token.href}`;
  },
});

/** Markdown to (unsanitized) HTML; the caller sanitizes. */
export function renderMarkdown(markdown: string): string {
  return marked.parse(markdown, { async: false });
}

/** The bare image file names a Markdown body refers to. */
export function localImagesOf(markdown: string): string[] {
  const names = new Set<string>();
  marked.walkTokens(marked.lexer(markdown), (token) => {
    if (token.type === 'image') {
      const href = token.href.replace(/^\/images\//, '');
      if (isLocalImage(href)) names.add(href);
    }
  });
  return [...names];
}
