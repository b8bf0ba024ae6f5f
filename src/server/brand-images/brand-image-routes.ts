import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { BRAND_ROUTES } from '../../shared/paths.js';
import { BRAND_FILE, CACHE_CONTROL, IMMUTABLE } from '../cache/cache-policy.js';
import { isNotModified } from '../cache/response-cache.js';
import { HttpError } from '../http/errors.js';
import type { BrandFile } from './brand-images.service.js';

const FileParams = Type.Object({ file: Type.String({ maxLength: 200 }) });
const HIDDEN = { schema: { hide: true, params: FileParams } };

/**
 * An answer of the brand's: its bytes under a name that is its version, a 404 when it is none of
 * the current brand's. Under its stable address it is revalidated (its name as the ETag), under
 * its hashed one kept a year.
 */
function send(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { bytes: Buffer | string; type: string; name: string } | undefined,
  caching: string,
) {
  if (!file) return reply.callNotFound();
  const etag = `"${file.name}"`;
  reply.header(CACHE_CONTROL, caching).header('etag', etag);
  if (isNotModified(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type(file.type).send(file.bytes);
}

/**
 * The brand's answers (brand-images.service.ts): /favicon.ico, /apple-touch-icon.png and
 * /manifest.webmanifest at the addresses browsers ask for, the icon's files and the site's card
 * under /images/brand/, the posts' cards under /images/cards/ (drawn on first request).
 */
export const brandImageRoutes: FastifyPluginAsync = async (app) => {
  const brand = () => app.ctx.brand;
  app.get(BRAND_ROUTES.favicon, { schema: { hide: true } }, async (request, reply) =>
    send(request, reply, await brand().icon('favicon'), BRAND_FILE),
  );
  app.get(BRAND_ROUTES.appleTouchIcon, { schema: { hide: true } }, async (request, reply) =>
    send(request, reply, await brand().icon('apple'), BRAND_FILE),
  );
  app.get(BRAND_ROUTES.manifest, { schema: { hide: true } }, async (request, reply) => {
    const manifest = await brand().manifest();
    const file: BrandFile | undefined = manifest && {
      bytes: Buffer.from(manifest.json),
      type: 'application/manifest+json; charset=utf-8',
      name: manifest.version,
    };
    return send(request, reply, file, BRAND_FILE);
  });
  app.get<{ Params: { file: string } }>(BRAND_ROUTES.brandFile, HIDDEN, async (request, reply) =>
    send(request, reply, await brand().brandFile(request.params.file), IMMUTABLE),
  );
  app.get<{ Params: { file: string } }>(BRAND_ROUTES.postCard, HIDDEN, async (request, reply) => {
    const titleOf = async (slug: string) => {
      try {
        return (await app.ctx.posts.post(slug)).post.title;
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 404) return undefined;
        throw error;
      }
    };
    return send(
      request,
      reply,
      await brand().postCardFile(request.params.file, titleOf),
      IMMUTABLE,
    );
  });
};
