/**
 * HTML parsed in Node as Chromium's DOMParser parses it: jsdom's DOMParser, which builds its tree
 * with parse5 (the WHATWG parsing algorithm) and, like a browser's, runs nothing and parses with
 * scripting disabled. The XSS corpus audits server pages parsed here instead of in a tab; that
 * both parsers build the same tree is checked on every vector (`documentShape`).
 */
import { JSDOM } from 'jsdom';

const { DOMParser: NodeDOMParser } = new JSDOM('').window;

/** `html` as a document, nothing of it run. */
export function parseHtml(html: string): Document {
  return new NodeDOMParser().parseFromString(html, 'text/html');
}

/**
 * A document's tree, one line a node in document order: depth, then the element's namespace,
 * name and attributes (namespace, name, value), or the text, comment or doctype. Runs in a page
 * (on `html` parsed by the page's DOMParser) and in Node (on `parsed`): self-contained, as
 * Playwright sends its source to the page.
 */
export function documentShape(source: { html: string }, parsed?: Document): string[] {
  const doc = parsed ?? new DOMParser().parseFromString(source.html, 'text/html');
  const lines: string[] = [];
  const walk = (parent: Node, depth: number): void => {
    for (const node of parent.childNodes) {
      if (node.nodeType === node.ELEMENT_NODE) {
        const element = node as Element;
        const attributes = [...element.attributes].map(
          (a) => `${a.namespaceURI ?? ''} ${a.name}=${JSON.stringify(a.value)}`,
        );
        lines.push(
          `${depth} <${element.namespaceURI} ${element.localName}> ${attributes.join(' ')}`,
        );
        walk(element, depth + 1);
        // A template's children live in its content fragment, outside the tree.
        if (element.localName === 'template' && 'content' in element)
          walk((element as HTMLTemplateElement).content, depth + 1);
      } else if (node.nodeType === node.DOCUMENT_TYPE_NODE) {
        lines.push(`${depth} doctype ${(node as DocumentType).name}`);
      } else {
        lines.push(`${depth} ${node.nodeName} ${JSON.stringify(node.nodeValue)}`);
      }
    }
  };
  walk(doc, 0);
  return lines;
}
