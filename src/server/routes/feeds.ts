import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { notFound } from '../http/errors.js';
import { sendCached } from '../http/front/cached-answer.js';
import { PostsRepository } from '../posts/posts.repository.js';
import { publicSite } from '../ssr/public-site.js';
import { renderRss } from './feeds/rss.js';
import { escapeXml } from './feeds/xml-text.js';

const FEED_ITEMS = 20;
/** The sitemap protocol's limit for one file. */
const SITEMAP_MAX = 50_000;

/** RSS for the whole site and per category, the sitemap and robots.txt. */
export const feedRoutes: FastifyPluginAsync = async (app) => {
  const repository = new PostsRepository(app.ctx.store.db, app.ctx.clock);
  const { pages } = app.ctx;
  const origin = () => publicSite(app.ctx).site.url.replace(/\/+$/, '');

  async function rss(path: string, category?: { id: number; name: string }): Promise<string> {
    const { site } = publicSite(app.ctx);
    const base = origin();
    const items = await repository.listFeedItems(FEED_ITEMS, category?.id);
    return renderRss(
      {
        title: category ? `${category.name} · ${site.title}` : site.title,
        description: site.description,
        language: site.language,
        author: site.author,
        link: category ? `${base}/cate/${category.id}` : `${base}/posts`,
        self: `${base}${path}`,
        base,
      },
      items,
    );
  }

  const xml = 'application/rss+xml; charset=utf-8';

  app.get('/rss.xml', { schema: { hide: true } }, async (request, reply) =>
    sendCached(
      request,
      reply,
      await pages.getOrProduce(request.url, async () => ({
        body: await rss('/rss.xml'),
        contentType: xml,
      })),
    ),
  );

  app.get<{ Params: { slug: string } }>(
    '/feeds/:slug.xml',
    { schema: { hide: true, params: Type.Object({ slug: Type.String({ maxLength: 80 }) }) } },
    async (request, reply) => {
      const entry = await pages.getOrProduce(request.url, async () => {
        const category = await repository.findCategoryBySlug(request.params.slug);
        if (!category) throw notFound(`No category "${request.params.slug}"`);
        return { body: await rss(`/feeds/${category.slug}.xml`, category), contentType: xml };
      });
      return sendCached(request, reply, entry);
    },
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const entry = await pages.getOrProduce(request.url, async () => {
      const base = origin();
      const [posts, categories, tags] = await Promise.all([
        repository.listSitemapEntries(SITEMAP_MAX - 100),
        repository.listCategories(),
        app.ctx.posts.tags.list(),
      ]);
      const urls = [
        `<url><loc>${escapeXml(base)}/</loc></url>`,
        `<url><loc>${escapeXml(base)}/posts</loc></url>`,
        `<url><loc>${escapeXml(base)}/resume</loc></url>`,
        ...categories.map((c) => `<url><loc>${escapeXml(`${base}/cate/${c.id}`)}</loc></url>`),
        ...tags.map((t) => `<url><loc>${escapeXml(`${base}/tag/${t.slug}`)}</loc></url>`),
        ...posts.map(
          (p) =>
            `<url><loc>${escapeXml(`${base}/${p.slug}`)}</loc><lastmod>${p.updated_at.slice(0, 10)}</lastmod></url>`,
        ),
      ];
      return {
        body: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.slice(0, SITEMAP_MAX).join('\n')}\n</urlset>\n`,
        contentType: 'application/xml; charset=utf-8',
      };
    });
    return sendCached(request, reply, entry);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const entry = await pages.getOrProduce(request.url, async () => ({
      body: `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /posts/\n\nSitemap: ${origin()}/sitemap.xml\n`,
      contentType: 'text/plain; charset=utf-8',
    }));
    return sendCached(request, reply, entry);
  });
};
