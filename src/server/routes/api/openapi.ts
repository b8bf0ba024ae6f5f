import type { FastifyPluginAsync } from 'fastify';
import { sendCached } from '../../http/front/cached-answer.js';
import { API_ROUTES } from '../../../shared/paths.js';

/** The OpenAPI document, generated from the same schemas that validate the routes. */
export const openApiRoutes: FastifyPluginAsync = async (app) => {
  app.get(API_ROUTES.openapi, { schema: { hide: true } }, async (request, reply) => {
    const entry = await app.ctx.responses.getOrProduce(request.url, async () => ({
      body: JSON.stringify(app.swagger()),
      contentType: 'application/json; charset=utf-8',
      shows: [],
    }));
    return sendCached(request, reply, entry);
  });
};
