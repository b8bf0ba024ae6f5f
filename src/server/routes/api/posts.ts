import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApiError,
  CategoryParams,
  GET_ANSWERS,
  MovedPermanently,
  PageQuery,
  PostPage,
  PostWithRelated,
  SlugParams,
} from '../../../shared/schemas/api.js';
import { sendCachedJson } from '../../http/front/cached-answer.js';
import { sendPostOrMoved } from '../post-moves.js';
import { API_ROUTES } from '../../../shared/paths.js';
import { scope, tagsOfCards } from '../../cache/shown-content.js';

export const postRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { posts, responses } = app.ctx;

  app.get(
    API_ROUTES.posts,
    {
      schema: {
        summary: 'A page of all published posts, newest first',
        tags: ['posts'],
        querystring: PageQuery,
        response: { 200: PostPage, 400: ApiError, ...GET_ANSWERS },
      },
    },
    (request, reply) =>
      sendCachedJson(responses, request, reply, async () => {
        const value = await posts.postsPage(request.query.page ?? 1);
        return { value, shows: [scope.anyCard] };
      }),
  );

  app.get(
    API_ROUTES.postsCate,
    {
      schema: {
        summary: 'A page of the posts of one category, newest first',
        tags: ['posts'],
        params: CategoryParams,
        querystring: PageQuery,
        response: { 200: PostPage, 400: ApiError, 404: ApiError, ...GET_ANSWERS },
      },
    },
    (request, reply) =>
      sendCachedJson(responses, request, reply, async () => {
        const { categoryId } = request.params;
        const value = await posts.postsPage(request.query.page ?? 1, categoryId);
        return { value, shows: [scope.category(categoryId), ...tagsOfCards(value.data)] };
      }),
  );

  app.get(
    API_ROUTES.post,
    {
      schema: {
        summary: 'One post with its related posts',
        tags: ['posts'],
        params: SlugParams,
        response: {
          200: PostWithRelated,
          301: MovedPermanently,
          400: ApiError,
          404: ApiError,
          410: ApiError,
          ...GET_ANSWERS,
        },
      },
    },
    // An old slug answers 301 to the current one, a pruned post's 410 (routes/post-moves.ts).
    (request, reply) => sendPostOrMoved(request, reply, request.params.slug),
  );
};
