import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../app-context.js';
import { notFound } from '../http/errors.js';
import { sendCached } from '../http/front/cached-answer.js';
import type { Posts } from '../images/posts-with-images.js';
import { publicSite } from '../ssr/public-site.js';
import { API_PREFIX, FEED_ROUTES, feedPath, PAGE_ROUTES, pagePath } from '../../shared/paths.js';
import { FEED_ITEMS, renderRss } from './feeds/rss.js';
import { siteOrigin } from './feeds/site-origin.js';
import { sitemapRoutes } from './feeds/sitemap-routes.js';

/** The RSS of the site's newest posts, or of one category's; `path` is the feed's own. */
async function siteRss(
  ctx: AppContext,
  posts: Posts,
  path: string,
  category?: { id: number; name: string },
): Promise<string> {
  const { site } = publicSite(ctx);
  const base = siteOrigin(ctx);
  const items = await posts.feedItems(FEED_ITEMS, category?.id);
  return renderRss(
    {
      title: category ? `${category.name} · ${site.title}` : site.title,
      description: site.description,
      language: site.language,
      author: site.author,
      link: `${base}${category ? pagePath.category(category.id) : pagePath.posts()}`,
      self: `${base}${path}`,
      base,
    },
    items,
  );
}

/** RSS for the whole site and per category, the sitemap (feeds/sitemap-routes.ts) and robots.txt. */
export const feedRoutes: FastifyPluginAsync = async (app) => {
  await app.register(sitemapRoutes);
  const { pages, posts } = app.ctx;
  const origin = () => siteOrigin(app.ctx);
  const rss = (path: string, category?: { id: number; name: string }) =>
    siteRss(app.ctx, posts, path, category);

  const xml = 'application/rss+xml; charset=utf-8';

  app.get(FEED_ROUTES.rss, { schema: { hide: true } }, async (request, reply) =>
    sendCached(
      request,
      reply,
      await pages.getOrProduce(request.url, async () => ({
        body: await rss(feedPath.rss()),
        contentType: xml,
      })),
    ),
  );

  app.get<{ Params: { slug: string } }>(
    FEED_ROUTES.categoryFeed,
    { schema: { hide: true, params: Type.Object({ slug: Type.String({ maxLength: 80 }) }) } },
    async (request, reply) => {
      const entry = await pages.getOrProduce(request.url, async () => {
        const category = await posts.categoryBySlug(request.params.slug);
        if (!category) throw notFound(`No category "${request.params.slug}"`);
        return { body: await rss(feedPath.category(category.slug), category), contentType: xml };
      });
      return sendCached(request, reply, entry);
    },
  );

  app.get(FEED_ROUTES.robots, { schema: { hide: true } }, async (request, reply) => {
    const entry = await pages.getOrProduce(request.url, async () => ({
      body: `User-agent: *\nAllow: /\nDisallow: ${API_PREFIX}\nDisallow: ${PAGE_ROUTES.posts}/\n\nSitemap: ${origin()}${feedPath.sitemap()}\n`,
      contentType: 'text/plain; charset=utf-8',
    }));
    return sendCached(request, reply, entry);
  });
};
