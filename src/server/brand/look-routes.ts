import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsync } from 'fastify';
import { LOOK_ROUTES } from '../../shared/paths.js';
import { CACHE_CONTROL, IMMUTABLE } from '../cache/cache-policy.js';
import { servedFontFile, servedFontStylesheet } from './served-fonts.js';

/**
 * The look's files from the site's own origin: the fonts `brand.font` serves (their files and
 * the stylesheet of their @font-face rules) and the site folder's theme.css as last imported, by
 * names that carry the hash of their bytes (cached as immutable). Any other name is the site's
 * 404.
 */
export const lookRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { hash: string } }>(
    LOOK_ROUTES.theme,
    { schema: { hide: true } },
    async (request, reply) => {
      const { theme } = app.ctx.look;
      if (!theme || theme.hash !== request.params.hash) return reply.callNotFound();
      return reply.header(CACHE_CONTROL, IMMUTABLE).type('text/css; charset=utf-8').send(theme.css);
    },
  );
  app.get<{ Params: { file: string } }>(
    LOOK_ROUTES.font,
    { schema: { hide: true } },
    async (request, reply) => {
      const stylesheet = servedFontStylesheet(request.params.file);
      if (stylesheet !== undefined)
        return reply
          .header(CACHE_CONTROL, IMMUTABLE)
          .type('text/css; charset=utf-8')
          .send(stylesheet);
      const file = servedFontFile(request.params.file);
      if (!file) return reply.callNotFound();
      return reply
        .header(CACHE_CONTROL, IMMUTABLE)
        .type('font/woff2')
        .send(await readFile(file));
    },
  );
};
