import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { IMAGES_PREFIX } from '../../shared/paths.js';
import type { ImageVariants } from '../../shared/schemas/images.js';
import { CACHE_CONTROL, IMMUTABLE, UNHASHED_IMAGE } from '../cache/cache-policy.js';

/** The image types the import publishes; anything else in the images folder is never served. */
const IMAGE_FILE = /\.(png|jpe?g|gif|webp|avif|svg)$/i;
/** A file named by its source's hash (`{name}.{hash}.{width|share}.{ext}`, `{name}.{hash}.svg`). */
const HASHED = /\.[0-9a-f]{12}(\.(\d+|share))?\.[a-z]+$/;

/** The file `/images/{name}` stands for: the widest in the best format the client takes. */
export function bestFile(variants: ImageVariants, accept: string): string {
  const takes = (type: string) => accept.includes(type);
  const files = variants.files;
  const fallback = files[files.length - 1]!.type;
  const type = ['image/avif', 'image/webp'].find(
    (t) => takes(t) && files.some((f) => f.type === t),
  );
  const chosen = files.filter((f) => f.type === (type ?? fallback));
  return chosen[chosen.length - 1]!.url;
}

/**
 * /images/: the published files, each with the image CSP (http/security-headers.ts); hashed
 * names cached for a year as immutable, since their bytes never change. `/images/{file}` by the
 * content's own file name (links from before variants, from elsewhere) answers 302 to the
 * image's current best file, so that a replaced image shows at once.
 */
export const imageRoutes: FastifyPluginAsync<{ root: string }> = async (app, { root }) => {
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.slice(IMAGES_PREFIX.length).split('?')[0]!;
    if (HASHED.test(path) || !IMAGE_FILE.test(path)) return;
    let name: string;
    try {
      name = decodeURIComponent(path);
    } catch {
      return;
    }
    const variants = (await app.ctx.images.byName()).get(name);
    if (!variants) return;
    const accept = request.headers.accept ?? '';
    return reply
      .header(CACHE_CONTROL, UNHASHED_IMAGE)
      .header('vary', 'Accept')
      .redirect(bestFile(variants, accept), 302);
  });
  await app.register(fastifyStatic, {
    root,
    prefix: IMAGES_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders: (response, path) =>
      response.header(CACHE_CONTROL, HASHED.test(path) ? IMMUTABLE : UNHASHED_IMAGE),
    allowedPath: (path) => IMAGE_FILE.test(path),
  });
};
