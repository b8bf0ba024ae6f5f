import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { notFound } from '../../http/errors.js';
import { sendCached } from '../../http/front/cached-answer.js';
import type { Posts } from '../../images/posts-with-images.js';
import { siteOrigin } from './site-origin.js';
import { FEED_ROUTES, pagePath } from '../../../shared/paths.js';
import {
  parseSitemapFile,
  renderSitemapIndex,
  renderUrlset,
  sitemapFiles,
  urlsPerFile,
  type SitemapFile,
  type SitemapKind,
  type SitemapUrl,
} from './sitemap.js';

const XML = 'application/xml; charset=utf-8';

/** The fixed pages and every category's list: what the `pages` files hold, in order. */
async function pageUrls(posts: Posts): Promise<SitemapUrl[]> {
  const categories = await posts.categories();
  return [
    { path: pagePath.landing() },
    { path: pagePath.posts() },
    { path: pagePath.resume() },
    ...categories.map((c) => ({ path: pagePath.category(c.id) })),
  ];
}

/** Every list of a tag that visible posts carry: what the `tags` files hold, in order. */
async function tagUrls(posts: Posts): Promise<SitemapUrl[]> {
  return (await posts.tags.list()).map((t) => ({ path: pagePath.tag(t.slug) }));
}

/** How many URLs of each kind the sitemap lists now. */
async function counts(posts: Posts): Promise<Record<SitemapKind, number>> {
  const [pages, tags, postCount] = await Promise.all([
    pageUrls(posts),
    tagUrls(posts),
    posts.sitemapPostCount(),
  ]);
  return { pages: pages.length, tags: tags.length, posts: postCount };
}

/** The URLs of one file, in batches; undefined when the sitemap has no such file. */
async function fileUrls(
  posts: Posts,
  file: SitemapFile,
  perFile: number,
): Promise<Iterable<SitemapUrl[]> | AsyncIterable<SitemapUrl[]> | undefined> {
  const skip = (file.number - 1) * perFile;
  if (file.kind === 'posts') {
    if (skip >= (await posts.sitemapPostCount())) return undefined;
    return (async function* () {
      for await (const batch of posts.sitemapPosts(skip, perFile))
        yield batch.map((p) => ({ path: pagePath.post(p.slug), lastmod: p.lastmod }));
    })();
  }
  const all = file.kind === 'pages' ? await pageUrls(posts) : await tagUrls(posts);
  return skip < all.length ? [all.slice(skip, skip + perFile)] : undefined;
}

/**
 * The sitemap: `/sitemap.xml` is always an index (robots.txt names it), listing files of at most
 * 50,000 URLs and 50 MB each: `/sitemap-pages-1.xml` (the fixed pages and categories),
 * `/sitemap-tags-1.xml`… and `/sitemap-posts-1.xml`…, posts oldest first. A file the index does
 * not list is a 404.
 */
export const sitemapRoutes: FastifyPluginAsync = async (app) => {
  const { pages, posts } = app.ctx;

  app.get(FEED_ROUTES.sitemap, { schema: { hide: true } }, async (request, reply) => {
    const entry = await pages.getOrProduce(request.url, async () => {
      const base = siteOrigin(app.ctx);
      const files = sitemapFiles(await counts(posts), urlsPerFile(base));
      return { body: renderSitemapIndex(base, files), contentType: XML };
    });
    return sendCached(request, reply, entry);
  });

  app.get<{ Params: { file: string } }>(
    FEED_ROUTES.sitemapFile,
    // Any name but a listed file's is a 404, a long one too: parseSitemapFile bounds it.
    { schema: { hide: true, params: Type.Object({ file: Type.String() }) } },
    async (request, reply) => {
      const file = parseSitemapFile(request.params.file);
      if (!file) throw notFound(`No sitemap file "${request.params.file}"`);
      const entry = await pages.getOrProduce(request.url, async () => {
        const base = siteOrigin(app.ctx);
        const urls = await fileUrls(posts, file, urlsPerFile(base));
        if (!urls) throw notFound(`No sitemap file "${request.params.file}"`);
        return { body: await renderUrlset(base, urls), contentType: XML };
      });
      return sendCached(request, reply, entry);
    },
  );
};
