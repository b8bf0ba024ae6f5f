import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApiError,
  GET_ANSWERS,
  PageQuery,
  SearchParams,
  SearchResults,
} from '../../../shared/schemas/api.js';
import { sendCachedJson } from '../../http/front/cached-answer.js';
import { API_ROUTES, apiPath } from '../../../shared/paths.js';

/** RFC 8288 links to the neighbouring pages of a search. */
function linkHeader(text: string, page: number, lastPage: number): string {
  const url = (n: number) => `<${apiPath.search(text, n)}>`;
  const links = [`${url(1)}; rel="first"`, `${url(lastPage)}; rel="last"`];
  if (page > 1) links.push(`${url(Math.min(page - 1, lastPage))}; rel="prev"`);
  if (page < lastPage) links.push(`${url(page + 1)}; rel="next"`);
  return links.join(', ');
}

export const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { posts, responses } = app.ctx;
  app.get(
    API_ROUTES.search,
    {
      schema: {
        summary: 'Search published posts; best match first',
        description:
          'The body is a bare array of cards, as the specification requires. Paging figures travel in the X-Total-Count, X-Total-Capped, X-Last-Page, X-Current-Page, X-Per-Page and Link headers: a search counts and pages through its first 1,000 matches, and X-Total-Capped is true when more posts match.',
        tags: ['posts'],
        params: SearchParams,
        querystring: PageQuery,
        response: { 200: SearchResults, 400: ApiError, ...GET_ANSWERS },
      },
    },
    (request, reply) =>
      sendCachedJson(responses, request, reply, async () => {
        const { text } = request.params;
        const result = await posts.search(text, request.query.page ?? 1);
        return {
          value: result.data,
          found: result.total,
          headers: {
            'x-total-count': String(result.total),
            'x-total-capped': String(result.capped),
            'x-last-page': String(result.last_page),
            'x-current-page': String(result.current_page),
            'x-per-page': String(result.per_page),
            link: linkHeader(text, result.current_page, result.last_page),
          },
        };
      }),
  );
};
