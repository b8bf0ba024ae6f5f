/**
 * The served brand font, swapped in with one layout. Linked as a stylesheet, its faces came in
 * one by one, each laying the whole page out again: once when the rules applied (text waiting on
 * a face), then for the upright face, then for the italic one. On /resume that was three layouts
 * of 20–30 ms each, 100–145 ms tasks under Lighthouse's 4× slowdown, which its blocking time
 * counts. Here the faces this page's visible text needs are fetched while the page stays in its
 * fallback (sized to the font: server/brand/served-fonts.ts), then every face of the stylesheet
 * is added to the document at once; the faces no text needed yet are added unloaded, and the
 * browser fetches them if a later screen asks for them.
 */

/** `font-style` as FontFace names it: italic and oblique ask for the same faces here. */
const styleOf = (style: string) => (style === 'normal' ? 'normal' : 'italic');

/** A family name unquoted (`FontFace.family` and computed styles quote a name with spaces). */
const unquoted = (family: string) => family.trim().replace(/^["']|["']$/g, '');

/** The first family of a computed `font-family`, unquoted. */
const firstFamily = (stack: string) => unquoted(stack.split(',')[0]!);

/** What text and faces are matched by: a family and a style. */
const fontKey = (family: string, style: string) => `${unquoted(family)}|${styleOf(style)}`;

/** The code point ranges of a `unicode-range` (`U+0-FF, U+131, U+4??`). */
function rangesOf(unicodeRange: string): Array<[number, number]> {
  return [...unicodeRange.matchAll(/U\+([0-9a-f?]+)(?:-([0-9a-f]+))?/gi)].map(([, start, end]) => [
    parseInt(start!.replace(/\?/g, '0'), 16),
    parseInt(end ?? start!.replace(/\?/g, 'f'), 16),
  ]);
}

/** For each family and style the visible text is set in, the code points it holds. */
function textByFont(): Map<string, Set<number>> {
  const used = new Map<string, Set<number>>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    const text = node.nodeValue?.trim();
    if (!element || !text || !element.checkVisibility()) continue;
    const style = getComputedStyle(element);
    const key = fontKey(firstFamily(style.fontFamily), style.fontStyle);
    const points = used.get(key) ?? new Set<number>();
    for (const char of text) points.add(char.codePointAt(0)!);
    used.set(key, points);
  }
  return used;
}

/** A face of the stylesheet, not yet in the document. */
function faceOf(rule: CSSFontFaceRule): FontFace {
  const value = (name: string) => rule.style.getPropertyValue(name);
  return new FontFace(firstFamily(value('font-family')), value('src'), {
    style: value('font-style') || 'normal',
    weight: value('font-weight') || 'normal',
    unicodeRange: value('unicode-range') || 'U+0-10FFFF',
    display: (value('font-display') || 'auto') as FontDisplay,
  });
}

/** Whether some visible text is set in `face`'s family and style, with a character it holds. */
function needed(face: FontFace, used: Map<string, Set<number>>): boolean {
  const points = used.get(fontKey(face.family, face.style));
  if (!points) return false;
  const ranges = rangesOf(face.unicodeRange);
  for (const point of points)
    if (ranges.some(([start, end]) => point >= start && point <= end)) return true;
  return false;
}

/** The faces of the stylesheet at `href`, applied as above. */
async function applyFaces(href: string): Promise<void> {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(await (await fetch(href)).text());
  const faces = [...sheet.cssRules]
    .filter((rule): rule is CSSFontFaceRule => rule instanceof CSSFontFaceRule)
    .map(faceOf);
  const used = textByFont();
  // A face that fails to load leaves its text in the fallback, as a failed stylesheet face would.
  await Promise.allSettled(faces.filter((face) => needed(face, used)).map((face) => face.load()));
  for (const face of faces) document.fonts.add(face);
}

/**
 * Applies the font's stylesheet at `href` face by face as above; a browser without what that takes
 * (constructed stylesheets, `checkVisibility`: Safari before 17.4) gets the stylesheet linked.
 */
export async function applyServedFont(href: string): Promise<void> {
  try {
    await applyFaces(href);
  } catch {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.append(link);
  }
}
