// The <head> tags the server writes; the browser keeps only the title up to date (root.tsx).
import { feedPath, withoutTrailingSlashes } from '../shared/paths.js';
import { canonicalUrl } from './canonical-url.js';
import { structuredDataTags } from '../shared/structured-data.js';
import type { PageMeta, SiteMeta } from './head.js';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The <head> tags of a page: title, description, canonical link (but on errors) and Open Graph;
 * `fediverse:creator` names the owner's Mastodon account (owner-links.ts) when there is one.
 */
export function headTags(
  meta: PageMeta,
  site: SiteMeta,
  url: URL,
  fediverseCreator?: string,
): string {
  const canonical = meta.canonical === false ? undefined : escapeHtml(canonicalUrl(site.url, url));
  const description = meta.description ?? site.description;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    ...(canonical ? [`<link rel="canonical" href="${canonical}">`] : []),
    `<meta property="og:site_name" content="${escapeHtml(site.title)}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:type" content="${meta.type ?? 'website'}">`,
    ...(canonical ? [`<meta property="og:url" content="${canonical}">`] : []),
    `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(site.title)}" href="${feedPath.rss()}">`,
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}">`,
  ];
  if (meta.image) {
    const image = escapeHtml(`${withoutTrailingSlashes(site.url)}${meta.image}`);
    tags.push(
      `<meta property="og:image" content="${image}">`,
      `<meta name="twitter:image" content="${image}">`,
    );
    if (meta.imageSize)
      tags.push(
        `<meta property="og:image:width" content="${meta.imageSize.width}">`,
        `<meta property="og:image:height" content="${meta.imageSize.height}">`,
      );
    if (meta.imageAlt)
      tags.push(
        `<meta property="og:image:alt" content="${escapeHtml(meta.imageAlt)}">`,
        `<meta name="twitter:image:alt" content="${escapeHtml(meta.imageAlt)}">`,
      );
  }
  if (fediverseCreator)
    tags.push(`<meta name="fediverse:creator" content="${escapeHtml(fediverseCreator)}">`);
  if (meta.noindex) tags.push('<meta name="robots" content="noindex">');
  tags.push(...structuredDataTags(meta.structuredData ?? []));
  return tags.join('\n    ');
}
