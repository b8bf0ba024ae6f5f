import { imagePath, pagePath } from '../../../shared/paths.js';
import { NO_IMAGE } from '../../../shared/post-image.js';
import type { FeedItem } from '../../posts/posts.repository.js';
import { withAbsoluteUrls } from './absolute-urls.js';
import { escapeHtml, xmlChars } from './xml-text.js';

/** How many of the newest posts a feed lists. */
export const FEED_ITEMS = 20;

export interface RssChannel {
  title: string;
  description: string;
  language: string;
  author: string;
  /** The page the feed stands for. */
  link: string;
  /** The feed's own address. */
  self: string;
  /** The site's origin, without a trailing slash; item links are built on it. */
  base: string;
}

const NS_XMLNS = 'http://www.w3.org/2000/xmlns/';
const NS_ATOM = 'http://www.w3.org/2005/Atom';
const NS_CONTENT = 'http://purl.org/rss/1.0/modules/content/';

const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};

const imageType = (name: string) =>
  IMAGE_TYPES[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

/** Percent-encodes whatever a stored name holds, so links stay valid URLs. */
const url = (href: string) => new URL(href).href;

const lastChange = (items: FeedItem[]) =>
  items.reduce<string | undefined>(
    (max, i) => (!max || i.updated_at > max ? i.updated_at : max),
    undefined,
  );

/**
 * An RSS 2.0 document for `items`. Every value enters the DOM as a text node or an attribute and
 * the serializer entity-escapes it (no CDATA), so nothing can end an element early.
 */
export async function renderRss(channel: RssChannel, items: FeedItem[]): Promise<string> {
  // Loaded on the first feed request (then cached): most of a server's life writes no XML.
  // xmldom rather than xmlbuilder2: the latter leaves `&lt;` and other entity-like text unescaped
  // (oozcitak/xmlbuilder2#117), which would turn escaped markup back into live markup.
  const { DOMImplementation, XMLSerializer } = await import('@xmldom/xmldom');
  const doc = new DOMImplementation().createDocument(null, 'rss', null);
  const rss = doc.documentElement!;
  rss.setAttribute('version', '2.0');
  rss.setAttributeNS(NS_XMLNS, 'xmlns:atom', NS_ATOM);
  rss.setAttributeNS(NS_XMLNS, 'xmlns:content', NS_CONTENT);

  type Parent = typeof rss;
  const add = (parent: Parent, name: string, text?: string, ns: string | null = null) => {
    const element = doc.createElementNS(ns, name);
    parent.appendChild(element);
    if (text !== undefined) element.appendChild(doc.createTextNode(xmlChars(text)));
    return element;
  };

  const ch = add(rss, 'channel');
  add(ch, 'title', channel.title);
  add(ch, 'link', url(channel.link));
  add(ch, 'description', channel.description);
  add(ch, 'language', channel.language);
  add(ch, 'copyright', `© ${channel.author}`);
  const updated = lastChange(items);
  if (updated) add(ch, 'lastBuildDate', new Date(updated).toUTCString());
  add(ch, 'docs', 'https://validator.w3.org/feed/docs/rss2.html');
  add(ch, 'generator', 'Postfolio');
  const self = add(ch, 'atom:link', undefined, NS_ATOM);
  self.setAttribute('href', url(channel.self));
  self.setAttribute('rel', 'self');
  self.setAttribute('type', 'application/rss+xml');

  for (const item of items) {
    const link = url(`${channel.base}${pagePath.post(item.slug)}`);
    const entry = add(ch, 'item');
    // Plain text by the RSS spec: a reader gets back exactly the stored title.
    add(entry, 'title', item.title);
    add(entry, 'link', link);
    add(entry, 'guid', link).setAttribute('isPermaLink', 'false');
    add(entry, 'pubDate', new Date(item.published_at).toUTCString());
    // Readers render <description> as HTML, so the plain summary is HTML-escaped to show as text.
    add(entry, 'description', escapeHtml(xmlChars(item.summary)));
    // Sanitized at import, its URLs made absolute for readers away from the site; escaped here
    // like any other text.
    add(entry, 'content:encoded', withAbsoluteUrls(item.content_html, link), NS_CONTENT);
    add(entry, 'category', item.category_name);
    if (item.image === NO_IMAGE) continue;
    const enclosure = add(entry, 'enclosure');
    enclosure.setAttribute('url', url(`${channel.base}${imagePath(item.image)}`));
    enclosure.setAttribute('length', '0');
    enclosure.setAttribute('type', imageType(item.image));
  }
  // requireWellFormed: refuse to answer rather than send a document a parser would reject.
  const body = new XMLSerializer().serializeToString(doc, { requireWellFormed: true });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`;
}
