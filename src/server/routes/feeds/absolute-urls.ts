import sanitizeHtml from 'sanitize-html';
import { withoutTrailing } from '../../../shared/text.js';

/** The attributes of a post's HTML that hold a URL (`srcset` a list of them). */
const URL_ATTRIBUTES = ['href', 'src', 'cite', 'poster'] as const;

/** A scheme before any `/`, `?` or `#`: the URL is absolute already (`https:`, `mailto:`, `data:`). */
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;

/** `url` resolved against `page`; an absolute one, or one no URL parser reads, as it was. */
function absolute(url: string, page: string): string {
  const trimmed = url.trim();
  if (trimmed === '' || HAS_SCHEME.test(trimmed)) return url;
  try {
    return new URL(trimmed, page).href;
  } catch {
    return url;
  }
}

/**
 * A `srcset` with each candidate's URL resolved, its descriptors kept: the candidates are split
 * as the HTML standard splits them (a URL is a run without spaces; commas that end it separate).
 */
export function absoluteSrcset(srcset: string, page: string): string {
  let out = '';
  let at = 0;
  while (at < srcset.length) {
    const separators = /^[\s,]*/.exec(srcset.slice(at))![0];
    out += separators;
    at += separators.length;
    if (at >= srcset.length) break;
    const run = /^\S+/.exec(srcset.slice(at))![0];
    at += run.length;
    const url = withoutTrailing(run, ',');
    const commas = run.slice(url.length);
    out += absolute(url, page) + commas;
    if (commas) continue;
    const descriptors = /^[^,]*/.exec(srcset.slice(at))![0];
    out += descriptors;
    at += descriptors.length;
  }
  return out;
}

/**
 * Leaves every element and attribute as the import's sanitizer left them (this HTML is its
 * output) and rewrites only URLs: no allow-list, no scheme check, since nothing here is new.
 */
const passThrough = (page: string): sanitizeHtml.IOptions => ({
  allowedTags: false,
  allowedAttributes: false,
  allowVulnerableTags: true,
  allowedSchemes: ['http', 'https', 'mailto', 'data'],
  allowedSchemesAppliedToAttributes: [],
  allowProtocolRelative: true,
  transformTags: {
    '*': (tagName, attribs) => {
      const out = { ...attribs };
      for (const name of URL_ATTRIBUTES)
        if (out[name] !== undefined) out[name] = absolute(out[name], page);
      if (out.srcset !== undefined) out.srcset = absoluteSrcset(out.srcset, page);
      return { tagName, attribs: out };
    },
  },
});

/**
 * A post's sanitized HTML with every relative URL of a link or an image made absolute, resolved
 * against `page` (the post's own address, so `#note` stays on the post): feed readers show an
 * item away from the site, and most resolve neither `/images/…` nor the feed's own base.
 */
export function withAbsoluteUrls(html: string, page: string): string {
  return sanitizeHtml(html, passThrough(page));
}
