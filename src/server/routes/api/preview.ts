import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PreviewParams } from '../../../shared/schemas/preview.js';
import { PREVIEW_HEADERS } from '../../preview/preview-page.js';
import { API_ROUTES } from '../../../shared/paths.js';

/**
 * The data of a preview page for the browser (`/preview/{token}` renders on the server). Private:
 * out of the OpenAPI document and the response caches, never stored by anyone.
 */
export const previewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    API_ROUTES.preview,
    { schema: { hide: true, params: PreviewParams } },
    async (request, reply) => {
      reply.headers(PREVIEW_HEADERS);
      return app.ctx.preview.open(request.params.token);
    },
  );
};
