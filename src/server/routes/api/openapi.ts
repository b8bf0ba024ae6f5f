import type { FastifyPluginAsync } from 'fastify';

/** The OpenAPI document, generated from the same schemas that validate the routes. */
export const openApiRoutes: FastifyPluginAsync = async (app) => {
  let document: string | undefined;
  app.get('/api/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    document ??= JSON.stringify(app.swagger());
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(document);
  });
};
