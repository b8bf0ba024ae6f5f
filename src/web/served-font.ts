/**
 * The served brand font, swapped in part by part. Linked as a stylesheet, its faces came in one by
 * one, each laying the whole page out again; all at once, that was still one layout of 20–30 ms
 * on /resume, a 100 ms task under Lighthouse's 4× slowdown, which its blocking time counts. Here
 * the faces this page's visible text needs are fetched while the page stays in its fallback (sized
 * to the font: server/brand/served-fonts.ts), every face of the stylesheet is added to the
 * document (the others unloaded: the browser fetches them if a later screen asks), and the page
 * takes the font a part at a time, each part's layout a task of its own (server/brand/brand-css.ts
 * holds the rules).
 */

/** A family name unquoted (`FontFace.family` and computed styles quote a name with spaces). */
const unquoted = (family: string) => family.replace(/["']/g, '');

/**
 * The first family of a computed `font-family`, unquoted, its sized fallback's as the font's:
 * until the swap, text waiting for the font is set in the fallback (server/brand/brand-css.ts).
 */
const firstFamily = (stack: string) => unquoted(stack.split(',')[0]!).replace(/ Fallback$/, '');

/** Whether `element` is set in a served font's sized fallback, waiting for the font. */
const waiting = (element: Element) =>
  getComputedStyle(element).fontFamily.split(',')[0]!.endsWith(' Fallback"');

/**
 * What text and faces are matched by: a family, and whether upright (italic and oblique ask for
 * the same faces here).
 */
const fontKey = (family: string, style: string) => `${unquoted(family)}|${style === 'normal'}`;

/** The code point ranges of a `unicode-range` (`U+0-FF, U+131`: its package's have no `?`). */
function rangesOf(unicodeRange: string): Array<[number, number]> {
  return [...unicodeRange.matchAll(/U\+(\w+)(?:-(\w+))?/gi)].map(([, start, end]) => [
    parseInt(start!, 16),
    parseInt(end ?? start!, 16),
  ]);
}

/** For each family and style the visible text is set in, the code points it holds. */
function textByFont(): Map<string, Set<number>> {
  const used = new Map<string, Set<number>>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    // A text node under body has a parent element.
    const element = node.parentElement!;
    const text = node.nodeValue!.trim();
    if (!text || !element.checkVisibility()) continue;
    const style = getComputedStyle(element);
    const key = fontKey(firstFamily(style.fontFamily), style.fontStyle);
    const points = used.get(key) ?? new Set<number>();
    for (const char of text) points.add(char.codePointAt(0)!);
    used.set(key, points);
  }
  return used;
}

/**
 * A face of the stylesheet, not yet in the document. Its package's rules name every descriptor; one
 * missing would make the face throw, and the page link the stylesheet (applyServedFont).
 */
function faceOf(rule: CSSFontFaceRule): FontFace {
  const value = (name: string) => rule.style.getPropertyValue(name);
  return new FontFace(firstFamily(value('font-family')), value('src'), {
    style: value('font-style'),
    weight: value('font-weight'),
    unicodeRange: value('unicode-range'),
    display: value('font-display') as FontDisplay,
  });
}

/** Whether some visible text is set in `face`'s family and style, with a character it holds. */
function needed(face: FontFace, used: Map<string, Set<number>>): boolean {
  const ranges = rangesOf(face.unicodeRange);
  for (const point of used.get(fontKey(face.family, face.style)) ?? [])
    if (ranges.some(([start, end]) => point >= start && point <= end)) return true;
  return false;
}

/** The page cut into parts waiting for the font, each of a short layout; those on screen first. */
function parts(): Element[] {
  const found: Element[] = [];
  const visit = (element: Element) => {
    if (!waiting(element)) return;
    // Up to 300 characters, a part's layout in the font is a few ms, unthrottled.
    if (element.textContent!.length > 300 && element.childElementCount)
      [...element.children].forEach(visit);
    else found.push(element);
  };
  visit(document.body);
  const offScreen = (element: Element) => {
    const box = element.getBoundingClientRect();
    return +(box.bottom < 0 || box.top > innerHeight);
  };
  return found.sort((a, b) => offScreen(a) - offScreen(b));
}

/**
 * The faces of the stylesheet at `href`, applied as above, then the font swapped in part by part,
 * a task each: at once, that one layout took 100 ms on /resume under Lighthouse's 4× CPU
 * slowdown. Each part's layout is forced in its own task, so that no frame gathers them. Last, the
 * root is marked: the whole page then takes the font, the parts' own marks now saying the same.
 */
async function applyFaces(href: string): Promise<void> {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(await (await fetch(href)).text());
  const faces = [...sheet.cssRules]
    .filter((rule): rule is CSSFontFaceRule => rule instanceof CSSFontFaceRule)
    .map(faceOf);
  const used = textByFont();
  // A face that fails to load leaves its text in the fallback, as a failed stylesheet face would.
  await Promise.allSettled(faces.filter((face) => needed(face, used)).map((face) => face.load()));
  const found = parts();
  for (const face of faces) document.fonts.add(face);
  for (const part of found) {
    await new Promise((resolve) => setTimeout(resolve));
    // The last part's layout, or the faces' first (every text's fonts change).
    document.body.getBoundingClientRect();
    part.setAttribute('data-font', '');
  }
  swapped();
}

/** Marks the root: every text waiting for the font takes it. */
const swapped = () => document.documentElement.setAttribute('data-font', '');

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
    swapped();
  }
}
