/** The characters XML 1.0 cannot hold at all: controls, lone surrogates, U+FFFE and U+FFFF. */
const NOT_IN_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** `text` without the characters an XML document cannot hold (librsvg refuses a whole drawing for one). */
export const xmlSafe = (text: string) => text.replace(NOT_IN_XML, '');

/** Text made safe inside an SVG's elements and quoted attributes. */
export function svgText(text: string): string {
  return xmlSafe(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}
