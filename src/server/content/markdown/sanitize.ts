import sanitizeHtml from 'sanitize-html';
import { FRAME_HOSTS } from './frame-hosts.js';
import { FEATURE_ATTRIBUTES, FEATURE_CLASSES, FEATURE_TAGS } from './allowed-markup.js';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'figure',
    'figcaption',
    'picture',
    'source',
    'del',
    'ins',
    'kbd',
    'sup',
    'sub',
    'details',
    'summary',
    'iframe',
    ...FEATURE_TAGS,
  ],
  allowedAttributes: {
    ...FEATURE_ATTRIBUTES,
    a: ['href', 'title', 'rel', 'target', ...FEATURE_ATTRIBUTES.a!],
    // srcset's URLs are checked against the allowed schemes like src's; sizes holds no URL.
    img: ['src', 'srcset', 'sizes', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
    source: ['srcset', 'sizes', 'type', 'media'],
    code: ['class'],
    pre: ['class', 'tabindex'],
    table: ['tabindex'],
    th: ['align', 'scope', 'colspan', 'rowspan'],
    td: ['align', 'colspan', 'rowspan'],
    ol: ['start', 'type'],
    iframe: ['src', 'title', 'width', 'height', 'allow', 'allowfullscreen', 'loading'],
    '*': ['id', 'lang', 'dir'],
  },
  allowedClasses: {
    ...FEATURE_CLASSES,
    code: [/^language-[\w-]+$/, ...FEATURE_CLASSES.code!],
    pre: [/^language-[\w-]+$/, ...FEATURE_CLASSES.pre!],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  // A frame over http would be blocked by the pages' CSP (frame-src lists https origins only).
  allowedSchemesByTag: { img: ['http', 'https', 'data'], iframe: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'srcset', 'cite'],
  allowProtocolRelative: false,
  allowedIframeHostnames: [...FRAME_HOSTS],
  allowIframeRelativeUrls: false,
  // No style attribute anywhere: the page's CSP forbids inline styles, and CSS can exfiltrate.
  allowedStyles: {},
  disallowedTagsMode: 'discard',
  // A frame whose src was refused (unknown host, bad scheme) would stay as an empty box: drop it.
  // An input is a task list's checkbox or nothing.
  exclusiveFilter: (frame) =>
    (frame.tag === 'iframe' && !frame.attribs.src) ||
    (frame.tag === 'input' && frame.attribs.type !== 'checkbox'),
  transformTags: { '*': transformTag },
};

/**
 * Ids and names a post may set live in their own namespace, as on GitHub: a post's element can
 * never take the name of one the page's code looks up (DOM clobbering). In-page links follow.
 */
export const USER_CONTENT_PREFIX = 'user-content-';

const namespaced = (value: string) =>
  value.startsWith(USER_CONTENT_PREFIX) ? value : `${USER_CONTENT_PREFIX}${value}`;

function transformTag(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const out = { ...attribs };
  if (out.id !== undefined) out.id = namespaced(out.id);
  if (out.name !== undefined) out.name = namespaced(out.name);
  if (out['aria-describedby'] !== undefined)
    out['aria-describedby'] = namespaced(out['aria-describedby']);
  if (tagName === 'a') {
    const href = out.href ?? '';
    if (href.startsWith('#') && href.length > 1) out.href = `#${namespaced(href.slice(1))}`;
    if (/^https?:\/\//i.test(href)) out.rel = 'noopener noreferrer nofollow';
  } else if (tagName === 'pre') {
    // Code blocks scroll sideways on narrow screens: a tab stop lets keyboard users scroll them.
    out.tabindex = '0';
  } else if (tagName === 'table') {
    // Tables scroll sideways on narrow screens too (post.css), so they get the same tab stop.
    out.tabindex = '0';
  } else if (tagName === 'input') {
    // A checkbox of a task list shows a state; nobody can change it. Its name says that state,
    // so that a form control is never announced without one (axe's `label` rule).
    out.disabled = '';
    out['aria-label'] = out.checked === undefined ? 'not done' : 'done';
  } else if (tagName === 'img') {
    out.loading = 'lazy';
    out.decoding = 'async';
  }
  return { tagName, attribs: out };
}

/** Post HTML reduced to an allow-list: no script, handler, `javascript:` URL, style or unknown frame. */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

const ENTITIES: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x27;': "'",
  '&amp;': '&',
};

/**
 * Text of sanitized HTML, for the full-text index. The input is the sanitizer's own output
 * (well-formed, text escaped), so dropping tags is exact and far cheaper than a second parse.
 */
export function htmlToText(sanitizedHtml: string): string {
  // Spans split words only in highlighted code (`foo.<span>bar</span>`): they leave no space.
  const html = sanitizedHtml.includes('<span')
    ? sanitizedHtml.replace(/<\/?span\b[^>]*>/g, '')
    : sanitizedHtml;
  // Each tag becomes a space, then every run of whitespace one space. The second pass leaves a
  // lone space alone rather than replacing it with itself: matching every space between words
  // (or tags and spaces in one alternation) took 2.5× as long (80–87 against 34 µs a post).
  const text = html.replace(/<[^<>]*>/g, ' ').replace(/\s{2,}|[^\S ]/g, ' ');
  const decoded = text.includes('&')
    ? text.replace(/&(?:lt|gt|quot|#39|#x27|amp);/g, (entity) => ENTITIES[entity]!)
    : text;
  return decoded.trim();
}
