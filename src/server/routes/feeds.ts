import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { notFound } from '../http/errors.js';
import { sendCached } from '../http/response-cache.js';
import { PostsRepository } from '../posts/posts.repository.js';
import { publicSite } from '../ssr/public-site.js';

const FEED_ITEMS = 20;
/** The sitemap protocol's limit for one file. */
const SITEMAP_MAX = 50_000;

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** RSS for the whole site and per category, the sitemap and robots.txt. */
export const feedRoutes: FastifyPluginAsync = async (app) => {
  const repository = new PostsRepository(app.ctx.store.db);
  const { pages } = app.ctx;
  const origin = () => publicSite(app.ctx).site.url.replace(/\/+$/, '');

  async function rss(path: string, category?: { id: number; name: string }): Promise<string> {
    const { site } = publicSite(app.ctx);
    const base = origin();
    const items = await repository.listFeedItems(FEED_ITEMS, category?.id);
    // Loaded on the first feed request (then cached): most of a server's life needs no RSS writer.
    const { Feed } = await import('feed');
    const feed = new Feed({
      title: category ? `${category.name} · ${site.title}` : site.title,
      description: site.description,
      id: `${base}${path}`,
      link: category ? `${base}/cate/${category.id}` : `${base}/posts`,
      language: site.language,
      copyright: `© ${site.author}`,
      updated: items[0] ? new Date(items[0].updated_at) : undefined,
      feedLinks: { rss: `${base}${path}` },
      generator: 'Postfolio',
      author: { name: site.author },
    });
    for (const item of items) {
      feed.addItem({
        title: item.title,
        id: `${base}/${item.slug}`,
        link: `${base}/${item.slug}`,
        description: item.summary,
        content: item.content_html,
        date: new Date(item.published_at),
        category: [{ name: item.category_name }],
        image: `${base}/images/${item.image}`,
      });
    }
    return feed.rss2();
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
      const [posts, categories] = await Promise.all([
        repository.listSitemapEntries(SITEMAP_MAX - 100),
        repository.listCategories(),
      ]);
      const urls = [
        `<url><loc>${escapeXml(base)}/</loc></url>`,
        `<url><loc>${escapeXml(base)}/posts</loc></url>`,
        `<url><loc>${escapeXml(base)}/resume</loc></url>`,
        ...categories.map((c) => `<url><loc>${escapeXml(`${base}/cate/${c.id}`)}</loc></url>`),
        ...posts.map(
          (p) =>
            `<url><loc>${escapeXml(`${base}/${p.slug}`)}</loc><lastmod>${p.updated_at.slice(0, 10)}</lastmod></url>`,
        ),
      ];
      return {
        body: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
        contentType: 'application/xml; charset=utf-8',
      };
    });
    return sendCached(request, reply, entry);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const body = `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /posts/\n\nSitemap: ${origin()}/sitemap.xml\n`;
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(body);
  });
};
