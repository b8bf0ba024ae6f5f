/**
 * The hostile strings of the XSS corpus (test/e2e/xss-corpus.e2e.ts): the classics of the OWASP
 * filter-evasion cheat sheet, mutation XSS, SVG and MathML, DOM clobbering, feed CDATA breaks,
 * Markdown-specific links, breaks of the hydration data's script context, attribute breaks and
 * Unicode tricks. Every payload that could run script calls `alert(N)` and `__xssHit(N)`, N being
 * the vector's id, so that whatever fires names its vector.
 */
import { fill, type Template } from './xss-template.js';
import { URL_VECTORS } from './xss-vectors-url.js';
import { EVENT_HANDLER, OWASP_CLASSIC, SCRIPT_TAG } from './xss-vectors-html.js';
import { DOM_CLOBBERING, MUTATION, SVG_MATHML } from './xss-vectors-parser.js';
import {
  ATTRIBUTE_BREAK,
  FEED_CDATA,
  MARKDOWN,
  SCRIPT_CONTEXT,
  UNICODE,
} from './xss-vectors-context.js';

export type Family =
  | 'script-tag'
  | 'event-handler'
  | 'url-scheme'
  | 'owasp-classic'
  | 'mutation'
  | 'svg-mathml'
  | 'dom-clobbering'
  | 'feed-cdata'
  | 'markdown'
  | 'script-context'
  | 'attribute-break'
  | 'unicode';

export interface XssVector {
  /** 1-based; what `alert()` and `__xssHit()` are called with. */
  id: number;
  family: Family;
  payload: string;
}

export const TEMPLATES: Record<Family, Template[]> = {
  'script-tag': SCRIPT_TAG,
  'event-handler': EVENT_HANDLER,
  'url-scheme': URL_VECTORS,
  'owasp-classic': OWASP_CLASSIC,
  mutation: MUTATION,
  'svg-mathml': SVG_MATHML,
  'dom-clobbering': DOM_CLOBBERING,
  'feed-cdata': FEED_CDATA,
  markdown: MARKDOWN,
  'script-context': SCRIPT_CONTEXT,
  'attribute-break': ATTRIBUTE_BREAK,
  unicode: UNICODE,
};

/** Every vector, numbered in order; a template that repeats an earlier string is dropped. */
export const VECTORS: XssVector[] = (() => {
  const out: XssVector[] = [];
  const seen = new Set<string>();
  for (const [family, templates] of Object.entries(TEMPLATES) as [Family, Template[]][]) {
    for (const template of templates) {
      const id = out.length + 1;
      const payload = fill(template, id);
      // Identity without the id: the same template filled with another number is no new vector.
      const key = fill(template, 0);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ id, family, payload });
    }
  }
  return out;
})();

export function vectorsOf(family: Family): XssVector[] {
  return VECTORS.filter((v) => v.family === family);
}

/** How many vectors each family holds. */
export function familyCounts(): Record<Family, number> {
  const counts = {} as Record<Family, number>;
  for (const family of Object.keys(TEMPLATES) as Family[])
    counts[family] = vectorsOf(family).length;
  return counts;
}
