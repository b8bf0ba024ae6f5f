/**
 * Characters XML 1.0 forbids anywhere in a document (C0 controls other than tab and line breaks,
 * lone surrogates, U+FFFE/U+FFFF). No escape can carry them, so a post holding one would make the
 * whole feed unparseable; they are dropped instead.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** `text` with the characters XML cannot hold removed. */
export const xmlChars = (text: string): string => text.replace(NOT_XML_CHAR, '');

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Plain text escaped for use as HTML. RSS readers render an item's `<description>` as HTML, so a
 * plain-text summary must be HTML-escaped before the XML writer escapes it once more.
 */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** Text escaped for an XML text node or a quoted attribute (the sitemap writes its XML by hand). */
export const escapeXml = (text: string): string => escapeHtml(xmlChars(text));
