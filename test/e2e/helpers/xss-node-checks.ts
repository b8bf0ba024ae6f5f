/**
 * The XSS corpus's checks of answers fetched from Node: pages parsed as Chromium parses them
 * (html-parse.ts) and audited by the detector's own audit; feeds, the sitemap and API answers
 * checked as what no browser renders as a page.
 */
import { SaxesParser } from 'saxes';
import { parseHtml } from './html-parse.js';
import type { Detector } from './xss-detector.js';
import type { Target } from './xss-targets.js';

/** Text as the DOM holds it after parsing: CR and CRLF become LF, NUL is dropped. */
export const asParsed = (text: string) => text.replace(/\r\n?/g, '\n').replaceAll('\u0000', '');

/**
 * Asks for an answer uncompressed: its text is the same in every encoding, and compressing then
 * decompressing the corpus's twelve hundred answers took seconds of CPU at both ends.
 */
const fetchPlain = (url: string) => fetch(url, { headers: { 'accept-encoding': 'identity' } });

/**
 * A page's HTML as the server sends it, parsed without running and audited: what a tab would
 * hold before hydration; its first h1 in main must be the server's own data.
 */
export async function checkPage(origin: string, target: Target, detector: Detector) {
  const url = `${origin}${target.path}`;
  const response = await fetchPlain(url);
  if (response.status !== (target.status ?? 200))
    detector.note('navigation', url, `${target.path} answered ${response.status}`);
  const doc = parseHtml(await response.text());
  detector.auditParsed(url, doc);
  if (target.h1 === undefined) return;
  // The article's own heading comes first in main; post HTML may hold h1 elements of its own.
  const h1 = doc.querySelector('main h1')?.textContent ?? null;
  if (asParsed(h1 ?? '') !== asParsed(target.h1))
    detector.note('clobbered', url, `h1 sent is ${JSON.stringify(h1?.slice(0, 120))}`);
}

/**
 * Problems of a feed or sitemap as XML, parsed by saxes (a conformant, namespace-aware parser): not
 * well-formed (a broken CDATA section shows here), an element a browser would render as HTML or
 * SVG (and so run), an event-handler attribute, or a stylesheet instruction (XSLT can run script).
 */
export function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  const parser = new SaxesParser({ xmlns: true });
  parser.on('error', (error) => {
    problems.push(`not well-formed: ${error.message.slice(0, 200)}`);
  });
  parser.on('opentag', (tag) => {
    if (ACTIVE_NAMESPACES.includes(tag.uri)) problems.push(`element <${tag.name}> in ${tag.uri}`);
    for (const attribute of Object.values(tag.attributes))
      if (attribute.name.toLowerCase().startsWith('on'))
        problems.push(`attribute ${attribute.name} on <${tag.name}>`);
  });
  parser.on('processinginstruction', (instruction) => {
    if (instruction.target.toLowerCase() === 'xml-stylesheet')
      problems.push('an xml-stylesheet instruction');
  });
  try {
    parser.write(xml).close();
  } catch (error) {
    problems.push(`not well-formed: ${(error as Error).message.slice(0, 200)}`);
  }
  return problems;
}

/** Namespaces whose elements a browser renders as a document of its own, scripts and all. */
const ACTIVE_NAMESPACES = ['http://www.w3.org/1999/xhtml', 'http://www.w3.org/2000/svg'];

/**
 * The headers that keep a browser from running what an answer holds: its declared type (no
 * sniffing into HTML) and a policy that runs nothing.
 */
function headerProblems(response: Response, type: RegExp): string[] {
  const problems: string[] = [];
  const declared = response.headers.get('content-type') ?? '';
  if (!type.test(declared)) problems.push(`content-type ${declared}`);
  if (response.headers.get('x-content-type-options') !== 'nosniff') problems.push('no nosniff');
  if (!/default-src 'none'/.test(response.headers.get('content-security-policy') ?? ''))
    problems.push('no CSP default-src none');
  return problems;
}

/**
 * An API answer, feed or sitemap as a browser would get it: JSON or XML that no browser renders as
 * a page (its type, nosniff, a policy that runs nothing), parsed in full; XML is also checked for
 * anything a browser would run in it.
 */
export async function checkData(origin: string, target: Target, detector: Detector) {
  const url = `${origin}${target.path}`;
  const response = await fetchPlain(url);
  const problems: string[] = [];
  if (response.status !== (target.status ?? 200)) problems.push(`answered ${response.status}`);
  const text = await response.text();
  if (target.kind === 'xml') {
    problems.push(...headerProblems(response, /^application\/(rss\+)?xml\b/));
    for (const problem of xmlProblems(text)) detector.note('feed', url, problem);
  } else {
    problems.push(...headerProblems(response, /^application\/json\b/));
    try {
      JSON.parse(text);
    } catch {
      problems.push('not JSON');
    }
  }
  for (const problem of problems)
    detector.note(target.kind === 'xml' ? 'feed' : 'api', url, problem);
}
