/**
 * Whether pages parsed in Node are audited as they would be in Chromium: the same document parsed
 * by Chromium's DOMParser and by `parseHtml` must give the same tree and the same audit, except
 * where a known difference between the two parsers applies; there the audit in Node must still
 * find something wherever Chromium's finds something.
 */
import type { Page } from 'playwright-core';
import { documentShape, parseHtml } from './html-parse.js';
import { auditDocument } from './xss-detector.js';

/** Where Chromium's HTML parser and parse5 build different trees from a vector, and why. */
export const PARSER_DIFFERENCES: { why: string; payload: RegExp }[] = [
  {
    why: 'Chromium parses `<?x …>` as a processing instruction, parse5 as the comment the spec says',
    payload: /<\?/,
  },
  {
    why: "Chromium's customizable <select> keeps elements in it that parse5 drops",
    payload: /<select/i,
  },
  {
    why: 'parse5 reads a CDATA section in an SVG integration point as a comment, Chromium as text',
    payload: /<svg[^]*<!\[CDATA\[/i,
  },
];

export interface Parsed {
  tree: string[];
  audit: ReturnType<typeof auditDocument>;
}

/**
 * Every document's tree and audit as Chromium's DOMParser builds them, in one call: both functions
 * are self-contained, and their source is sent to the page as Playwright sends a function's.
 */
export async function parsedInChromium(
  page: Page,
  docs: string[],
  origin: string,
): Promise<Parsed[]> {
  const script =
    `((shape, audit, docs, origin) => docs.map((html) => ({ tree: shape({ html }), ` +
    `audit: audit({ html, origin }) })))(${documentShape.toString()}, ` +
    `${auditDocument.toString()}, ${JSON.stringify(docs)}, ${JSON.stringify(origin)})`;
  return (await page.evaluate(script)) as Parsed[];
}

export function parsedInNode(html: string, origin: string): Parsed {
  const doc = parseHtml(html);
  return { tree: documentShape({ html }, doc), audit: auditDocument({ html: null, origin }, doc) };
}

/**
 * How the two parses of the document `what` differ, or undefined when they agree as they must;
 * `mayDiffer`: a known parser difference applies to it.
 */
export function parityProblem(
  what: string,
  node: Parsed,
  chromium: Parsed,
  mayDiffer: boolean,
): string | undefined {
  const json = JSON.stringify;
  if (json(node.tree) === json(chromium.tree))
    return json(node.audit) === json(chromium.audit)
      ? undefined
      : `${what}: same tree, audits ${json(node.audit)} in Node, ${json(chromium.audit)} in Chromium`;
  if (!mayDiffer) {
    const first = node.tree.findIndex((l, n) => l !== chromium.tree[n]);
    const line = first < 0 ? node.tree.length : first;
    return `${what}: trees differ at ${json(node.tree[line])} in Node, ${json(chromium.tree[line])} in Chromium`;
  }
  if (chromium.audit.length > 0 && node.audit.length === 0)
    return `${what}: Chromium finds ${json(chromium.audit)}, Node nothing`;
  return undefined;
}
