import type { FastifyError, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody, HttpError, isUnavailable } from '../http/errors.js';

/**
 * One place turns every failure into `{error: {code, message}}`: client mistakes keep their
 * 4xx status and message, a database that is away is a 503 to retry, anything else a 500
 * whose detail stays in the log.
 */
export const errorHandlers: FastifyPluginAsync = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      return reply.code(400).send(errorBody('bad_request', error.message));
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send(errorBody(error.code, error.message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 429 ? 'rate_limited' : 'bad_request';
      return reply.code(status).send(errorBody(code, error.message));
    }
    if (isUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(errorBody('unavailable', 'The service is briefly unavailable; please retry'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorBody('internal', 'Something went wrong on our side'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send(errorBody('not_found', `No route for ${request.method} ${request.url.split('?')[0]}`));
  });
});
