import type { FastifyPluginAsync } from 'fastify';
import { sendCachedJson } from '../../http/front/cached-answer.js';
import { publicSite } from '../../ssr/public-site.js';
import { withSiteImages } from '../../images/site-images.js';
import { API_ROUTES } from '../../../shared/paths.js';
import { GET_ANSWERS } from '../../../shared/schemas/api.js';
import { PublicSite } from '../../../shared/schemas/site-config.js';

/** The public part of the site config: landing cards and the portfolio. */
export const siteRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    API_ROUTES.site,
    {
      schema: {
        summary: 'The landing cards and the portfolio',
        tags: ['site'],
        response: { 200: PublicSite, ...GET_ANSWERS },
      },
    },
    (request, reply) =>
      sendCachedJson(app.ctx.responses, request, reply, async () => ({
        value: await withSiteImages(publicSite(app.ctx), app.ctx),
        // The site config and its images: no post.
        shows: [],
      })),
  );
};
