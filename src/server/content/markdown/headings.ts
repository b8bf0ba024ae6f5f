import type { RendererObject, Tokens } from 'marked';

/**
 * Heading ids, unique within a post, as GitHub makes them (lower case, punctuation dropped,
 * spaces as hyphens, `-1`, `-2` after a repeat). The sanitizer then puts them in the
 * `user-content-` namespace, links to them included.
 */
let used = new Map<string, number>();

/** Called before each post: ids are unique within one post, and the same for the same post. */
export function resetHeadingIds(): void {
  // The footnotes' heading is given this id by marked-footnote.
  used = new Map([['footnote-label', 0]]);
}
resetHeadingIds();

export function slugify(text: string): string {
  const base =
    text
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-') || 'section';
  let slug = base;
  for (let n = used.get(base); n !== undefined; n = used.get(slug)) {
    used.set(base, n + 1);
    slug = `${base}-${n + 1}`;
  }
  used.set(slug, 0);
  return slug;
}

const ENTITY = /&(amp|lt|gt|quot|#39);/g;
const CHARS: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * A heading with its id, and beside it a link to itself named for screen readers, which the CSS
 * shows as `#`: the link sits outside the heading, so that the heading's own name stays its text,
 * and holds no text, so that the post's text (search, word count) has no stray `#`.
 */
export const headingRenderer: Pick<RendererObject, 'heading'> = {
  heading(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token) {
    const inner = this.parser.parseInline(token.tokens);
    const text = inner.replace(/<[^<>]*>/g, '').replace(ENTITY, (_, e: string) => CHARS[e]!);
    const id = slugify(text);
    const tag = `h${token.depth}`;
    return (
      `<div class="heading"><${tag} id="${id}">${inner}</${tag}>` +
      `<a class="heading-link" href="#${id}" aria-label="${escapeAttribute(`Link to this section: ${text.trim()}`)}"></a></div>\n`
    );
  },
};
