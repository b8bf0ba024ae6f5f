import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, CategoryList, GET_ANSWERS } from '../../../shared/schemas/api.js';
import { sendCachedJson } from '../../http/front/cached-answer.js';
import { API_ROUTES } from '../../../shared/paths.js';
import { scope } from '../../cache/shown-content.js';

export const categoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { posts, responses } = app.ctx;
  app.get(
    API_ROUTES.postcates,
    {
      schema: {
        summary: 'List categories',
        tags: ['categories'],
        response: { 200: CategoryList, 500: ApiError, ...GET_ANSWERS },
      },
    },
    (request, reply) =>
      sendCachedJson(responses, request, reply, async () => ({
        value: await posts.categories(),
        shows: [scope.counts],
      })),
  );
};
