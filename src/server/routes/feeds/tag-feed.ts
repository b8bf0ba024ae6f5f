import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { sendCached } from '../../http/front/cached-answer.js';
import { publicSite } from '../../ssr/public-site.js';
import { FEED_ROUTES, feedPath, pagePath } from '../../../shared/paths.js';
import { FEED_ITEMS, renderRss } from './rss.js';
import { siteOrigin } from './site-origin.js';

/** RSS of one tag's newest posts: `/feeds/tag/{slug}.xml`; a tag no visible post carries is a 404. */
export const tagFeedRoutes: FastifyPluginAsync = async (app) => {
  const { pages, posts } = app.ctx;
  app.get<{ Params: { slug: string } }>(
    FEED_ROUTES.tagFeed,
    { schema: { hide: true, params: Type.Object({ slug: Type.String({ maxLength: 200 }) }) } },
    async (request, reply) => {
      const entry = await pages.getOrProduce(request.url, async () => {
        const tag = await posts.tags.tag(request.params.slug);
        const { site } = publicSite(app.ctx);
        const base = siteOrigin(app.ctx);
        const items = await posts.tags.feedItems(tag.id, FEED_ITEMS);
        const body = await renderRss(
          {
            title: `${tag.name} · ${site.title}`,
            description: `Posts tagged ${tag.name} on ${site.title}.`,
            language: site.language,
            author: site.author,
            link: `${base}${pagePath.tag(tag.slug)}`,
            self: `${base}${feedPath.tag(tag.slug)}`,
            base,
          },
          items,
        );
        return { body, contentType: 'application/rss+xml; charset=utf-8' };
      });
      return sendCached(request, reply, entry);
    },
  );
};
