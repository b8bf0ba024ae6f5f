import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, GET_ANSWERS, PageQuery, PostPage } from '../../../shared/schemas/api.js';
import { TagList, TagParams } from '../../../shared/schemas/tags.js';
import { sendCachedJson } from '../../http/front/cached-answer.js';
import { API_ROUTES } from '../../../shared/paths.js';
import { scope, tagsOfCards } from '../../cache/shown-content.js';

export const tagRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { posts, responses } = app.ctx;

  app.get(
    API_ROUTES.tags,
    {
      schema: {
        summary: 'List the tags of published posts, most used first',
        tags: ['tags'],
        response: { 200: TagList, 500: ApiError, ...GET_ANSWERS },
      },
    },
    (request, reply) =>
      sendCachedJson(responses, request, reply, async () => ({
        value: await posts.tags.list(),
        shows: [scope.anyCard],
      })),
  );

  app.get(
    API_ROUTES.postsTag,
    {
      schema: {
        summary: 'A page of the posts of one tag (by its slug), newest first',
        tags: ['tags'],
        params: TagParams,
        querystring: PageQuery,
        response: { 200: PostPage, 400: ApiError, 404: ApiError, ...GET_ANSWERS },
      },
    },
    (request, reply) =>
      sendCachedJson(responses, request, reply, async () => {
        const { tag } = request.params;
        const value = await posts.tagPage(request.query.page ?? 1, tag);
        return { value, shows: [scope.tag(tag), ...tagsOfCards(value.data)] };
      }),
  );
};
