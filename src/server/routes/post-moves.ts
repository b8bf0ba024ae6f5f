import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiPath, pagePath, pathOf } from '../../shared/paths.js';
import { slugProblem } from '../../shared/slugs.js';
import { HttpError } from '../http/errors.js';
import { sendCached } from '../http/front/cached-answer.js';
import type { Produced } from '../cache/response-cache.js';
import { ShownContent } from '../cache/shown-content.js';

/** A path a post page may have: one segment. */
const ONE_SEGMENT = /^\/([^/]+)$/;

const GONE_MESSAGE = (slug: string) => `The post "${slug}" was removed from this site`;

/**
 * The answer for a post slug that no reader-visible post holds, when the store remembers it
 * (content/slug-history.ts): 301 to the post's current slug (`to` makes the location) or 410
 * Gone. Undefined when it knows nothing, or the post it leads to is not visible: then 404. Both
 * answers go into the response caches like any public answer (cache-policy.ts).
 */
async function movedPost(
  app: FastifyInstance,
  slug: string,
  url: string,
  to: (slug: string) => string,
): Promise<Produced | undefined> {
  const record = await app.ctx.posts.movedSlug(slug);
  if (!record) return undefined;
  if (record.kind === 'gone') {
    const answer = app.errorAnswers.answer(url, 410, 'gone', GONE_MESSAGE(slug));
    return { statusCode: 410, body: answer.body, contentType: answer.headers['content-type']! };
  }
  try {
    await app.ctx.posts.post(record.slug);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return undefined;
    throw error;
  }
  const query = url.indexOf('?');
  return {
    statusCode: 301,
    body: '',
    contentType: 'text/plain; charset=utf-8',
    headers: { location: `${to(record.slug)}${query === -1 ? '' : url.slice(query)}` },
  };
}

/** `/api/post/{old}`: 301 to `/api/post/{new}`, or 410 with the API's JSON error. */
export function movedApiPost(app: FastifyInstance, slug: string, url: string) {
  return movedPost(app, slug, url, apiPath.post);
}

/** A page `/{old}` that rendered as a 404: 301 to `/{new}`, or the 410 error page. */
export function movedPostPage(app: FastifyInstance, url: string) {
  const slug = ONE_SEGMENT.exec(pathOf(url))?.[1];
  return slug && slugProblem(slug) === null
    ? movedPost(app, slug, url, pagePath.post)
    : Promise.resolve(undefined);
}

/**
 * `GET /api/post/{slug}`: the post with its related posts, or where its old slug leads; each
 * cached under the URL and sent as every cached answer is.
 */
export async function sendPostOrMoved(request: FastifyRequest, reply: FastifyReply, slug: string) {
  const app = request.server;
  const { ctx } = app;
  const entry = await ctx.responses.getOrProduce(request.url, async () => {
    try {
      const shown = new ShownContent();
      const body = JSON.stringify(await ctx.posts.post(slug, false, shown));
      return { body, contentType: 'application/json; charset=utf-8', shows: shown.scopes };
    } catch (error) {
      const moved =
        error instanceof HttpError && error.statusCode === 404
          ? await movedApiPost(app, slug, request.url)
          : undefined;
      if (!moved) throw error;
      return moved;
    }
  });
  return sendCached(request, reply, entry);
}
