import { imagePath, PAGE_ROUTES, pagePath, withoutTrailingSlashes } from './paths.js';
import { NO_IMAGE } from './post-image.js';
import type { Portfolio, PublicSite } from './schemas/site-config.js';

/**
 * schema.org objects of the pages (JSON-LD), each built from what the page shows. Every URL is
 * absolute, made from the site's public URL; nothing here reads a secret, so the employer
 * address can never reach one.
 */

type Site = Pick<PublicSite['site'], 'title' | 'description' | 'url' | 'author' | 'language'> & {
  /** The owner's profiles on other sites (owner-links.ts `profileUrls`), as the Person's `sameAs`. */
  sameAs?: readonly string[];
};

interface Thing {
  '@context': 'https://schema.org';
}

export interface PersonLd extends Thing {
  '@type': 'Person';
  name: string;
  url: string;
  jobTitle?: string;
  description?: string;
  knowsAbout?: string[];
  sameAs?: string[];
}

export interface BlogPostingLd extends Thing {
  '@type': 'BlogPosting';
  headline: string;
  description: string;
  image: string[];
  datePublished: string;
  dateModified: string;
  author: { '@type': 'Person'; name: string; url: string; sameAs?: string[] };
  publisher: { '@type': 'Person'; name: string; url: string };
  url: string;
  mainEntityOfPage: { '@type': 'WebPage'; '@id': string };
  inLanguage: string;
  articleSection?: string;
}

export interface BreadcrumbListLd extends Thing {
  '@type': 'BreadcrumbList';
  itemListElement: Array<{ '@type': 'ListItem'; position: number; name: string; item: string }>;
}

export interface WebSiteLd extends Thing {
  '@type': 'WebSite';
  name: string;
  description: string;
  url: string;
  inLanguage: string;
  potentialAction: {
    '@type': 'SearchAction';
    target: { '@type': 'EntryPoint'; urlTemplate: string };
    'query-input': 'required name=search_term_string';
  };
}

export type StructuredData = PersonLd | BlogPostingLd | BreadcrumbListLd | WebSiteLd;

/** What a post page knows of its post (the API's post; the optional fields when it has them). */
export interface PostFacts {
  title: string;
  summary: string;
  slug: string;
  image: string;
  published_at: string;
  /** The owner's own date of the last change (front matter `updated`), when set. */
  modified_at?: string | null;
  /** The files the image is served as, when the import made them (schemas/images.ts). */
  image_variants?: {
    files: ReadonlyArray<{ url: string; width: number }>;
    share: { url: string } | null;
  } | null;
  /** The 1200×630 file of link previews (a card of the title for a post without a cover). */
  share_image?: { url: string };
  category: { id: number; name: string };
}

const CONTEXT = 'https://schema.org' as const;

/** The search page's address with schema.org's placeholder, which must stay unencoded. */
const SEARCH_TEMPLATE = PAGE_ROUTES.search.replace(':text', '{search_term_string}');

/** An absolute URL of a path on the site. */
export function siteUrl(site: Pick<Site, 'url'>, path: string): string {
  return `${withoutTrailingSlashes(site.url)}${path}`;
}

/** The owner's profiles elsewhere as `sameAs`, when there are any. */
const sameAs = (site: Site) => (site.sameAs?.length ? { sameAs: [...site.sameAs] } : {});

const author = (site: Site) => ({
  '@type': 'Person' as const,
  name: site.author,
  url: siteUrl(site, pagePath.resume()),
  ...sameAs(site),
});

/** The home page: the site, and how to search it (/posts/{text}). */
export function webSiteLd(site: Site): WebSiteLd {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name: site.title,
    description: site.description,
    url: siteUrl(site, pagePath.landing()),
    inLanguage: site.language,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: siteUrl(site, SEARCH_TEMPLATE) },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** Home, then each crumb: `[name, path]`, the last being the page itself. */
export function breadcrumbLd(site: Site, crumbs: Array<[name: string, path: string]>) {
  const list: BreadcrumbListLd = {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: [['Home', pagePath.landing()] as [string, string], ...crumbs].map(
      ([name, path], i) => ({
        '@type': 'ListItem',
        position: i + 1,
        name,
        item: siteUrl(site, path),
      }),
    ),
  };
  return list;
}

/**
 * The post's image as served: the 1200×630 share image and the widest file when the import made
 * variants (the file under its own name is no longer served then), else the file itself; without
 * a cover, the card drawn for link previews.
 */
function postImages(post: PostFacts): string[] {
  if (post.image === NO_IMAGE) return post.share_image ? [post.share_image.url] : [];
  const variants = post.image_variants;
  if (!variants) return [imagePath(post.image)];
  const widest = [...variants.files].sort((a, b) => b.width - a.width)[0];
  const urls = [variants.share?.url, widest?.url].filter((url): url is string => !!url);
  return urls.length ? [...new Set(urls)] : [imagePath(post.image)];
}

/**
 * When a post last changed, as its page's `dateModified` and the sitemap's `lastmod` state it: the
 * owner's own `updated` date, or else the post's date (never the day of the import).
 */
export const lastModified = (post: { published_at: string; modified_at?: string | null }) =>
  post.modified_at ?? post.published_at;

/** A post page: the post as a BlogPosting, and its place under its category. */
export function postLd(site: Site, post: PostFacts): [BlogPostingLd, BreadcrumbListLd] {
  const path = pagePath.post(post.slug);
  const url = siteUrl(site, path);
  return [
    {
      '@context': CONTEXT,
      '@type': 'BlogPosting',
      headline: post.title,
      description: post.summary,
      image: postImages(post).map((path) => siteUrl(site, path)),
      datePublished: post.published_at,
      dateModified: lastModified(post),
      author: author(site),
      publisher: author(site),
      url,
      mainEntityOfPage: { '@type': 'WebPage', '@id': url },
      inLanguage: site.language,
      articleSection: post.category.name,
    },
    breadcrumbLd(site, [
      [post.category.name, pagePath.category(post.category.id)],
      [post.title, path],
    ]),
  ];
}

/** A category page under Home. */
export function categoryLd(site: Site, category: { id: number; name: string }) {
  return breadcrumbLd(site, [[category.name, pagePath.category(category.id)]]);
}

/** The portfolio page's person: what its hero and skills say. */
export function personLd(site: Site, portfolio: Pick<Portfolio, 'hero' | 'skills'>): PersonLd {
  return {
    '@context': CONTEXT,
    '@type': 'Person',
    name: portfolio.hero.name,
    url: siteUrl(site, pagePath.resume()),
    jobTitle: portfolio.hero.roles[0],
    description: portfolio.hero.intro,
    knowsAbout: portfolio.skills.map((skill) => skill.name),
    ...sameAs(site),
  };
}

/**
 * The <script> tags of the objects. A JSON-LD block is data, never run, so the CSP's
 * `script-src` does not apply to it; `<` is escaped so that no text inside can close the
 * element, and U+2028/2029 so that the JSON stays a valid script body.
 */
export function structuredDataTags(objects: readonly StructuredData[]): string[] {
  return objects.map(
    (object) =>
      `<script type="application/ld+json">${JSON.stringify(object)
        .replace(/</g, '\\u003c')
        .replace(/>/g, '\\u003e')
        .replace(/&/g, '\\u0026')
        .replace(/\u2028/g, '\\u2028')
        .replace(/\u2029/g, '\\u2029')}</script>`,
  );
}
