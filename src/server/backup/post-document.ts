import { stringify } from 'yaml';
import { NO_IMAGE } from '../../shared/post-image.js';

/** A post as the store holds it, with its category's slug. */
export interface StoredPost {
  title: string;
  slug: string;
  category: string;
  summary: string;
  image: string;
  published_at: string;
  draft: number | boolean;
  content_html: string;
  /** Old slugs that lead to the post (content/slug-history.ts). */
  aliases?: string[];
  /** Tag names in the post's order. */
  tags?: string[];
  modified_at?: string | null;
  image_alt?: string | null;
}

/**
 * Tags with which Markdown starts an HTML block that runs to the next blank line (CommonMark's
 * sixth kind): a body starting with one is read as HTML to its end, once it holds no blank line.
 */
const HTML_BLOCK_START =
  /^<(?:p|h[1-6]|ul|ol|li|dl|blockquote|table|hr|div|details|summary|figure|iframe)[\s/>]/;

/**
 * An end tag of an element the sanitizer never keeps, which starts such an HTML block: put before
 * a body that starts with anything else (text, an inline element, a newline), it makes Markdown
 * pass the whole body through, and the sanitizer then drops it.
 */
export const PASS_THROUGH = '</frameset>';

/**
 * The stored HTML of a post as a Markdown body that renders back to the same HTML. The store
 * keeps the sanitized HTML, not the Markdown it came from; Markdown passes HTML through as long
 * as no blank line ends the block, so each newline that would make one (in code, between blocks)
 * is written as the reference `&#10;` (and a carriage return as `&#13;`), which the sanitizer
 * turns back into the same character. `post-document.test.ts` checks the round trip.
 */
export function htmlAsMarkdown(html: string): string {
  const body = html.replace(/\r/g, '&#13;').replace(/\n(?=[ \t]*(?:\n|$))/g, '&#10;');
  return HTML_BLOCK_START.test(body) ? body : `${PASS_THROUGH}${body}`;
}

/** A post file: front matter with every field the store knows, then the body. */
export function postDocument(post: StoredPost): string {
  const front: Record<string, unknown> = {
    title: post.title,
    slug: post.slug,
    category: post.category,
    // An empty summary is one the import made from an empty text: it makes it again.
    ...(post.summary ? { summary: post.summary } : {}),
    ...(post.image !== NO_IMAGE ? { image: post.image } : {}),
    date: post.published_at,
    draft: Boolean(post.draft),
    ...(post.aliases?.length ? { aliases: post.aliases } : {}),
    ...(post.tags?.length ? { tags: post.tags } : {}),
    ...(post.modified_at ? { updated: post.modified_at } : {}),
    ...(post.image_alt ? { image_alt: post.image_alt } : {}),
  };
  return `---\n${stringify(front, { lineWidth: 0 })}---\n${htmlAsMarkdown(post.content_html)}`;
}
