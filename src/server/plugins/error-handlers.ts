import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { codeForStatus, type ErrorAnswers } from '../http/error-answer.js';
import { HttpError, isUnavailable } from '../http/errors.js';
import { RouteMethods } from '../http/route-methods.js';
import { pathOf } from '../../shared/paths.js';

export interface ErrorHandlersOptions {
  answers: ErrorAnswers;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Builds every error answer: JSON under /api/, an HTML page elsewhere. */
    errorAnswers: ErrorAnswers;
  }
}

/**
 * One place turns every failure into the error contract: `{error: {code, message}}` for the API,
 * an HTML error page for every other path, both with the path's security headers. Client
 * mistakes keep their 4xx status, a database that is away is a 503 to retry, anything else a 500
 * whose detail stays in the log. A known path asked with another method is a 405 with `Allow`.
 */
export const errorHandlers = fp<ErrorHandlersOptions>(async (app, { answers }) => {
  app.decorate('errorAnswers', answers);
  const routes = new RouteMethods();
  app.addHook('onRoute', (route) => routes.add(route.method, route.url));

  function send(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    code: string,
    message: string,
    extra: Record<string, string> = {},
  ) {
    const answer = answers.answer(request.url, status, code, message);
    return reply.code(status).headers(answer.headers).headers(extra).send(answer.body);
  }

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) return send(request, reply, 400, 'bad_request', error.message);
    if (error instanceof HttpError) {
      const retry: Record<string, string> = error.statusCode === 503 ? { 'retry-after': '5' } : {};
      return send(request, reply, error.statusCode, error.code, error.message, retry);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500)
      return send(request, reply, status, codeForStatus(status), error.message);
    if (isUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return send(
        request,
        reply,
        503,
        'unavailable',
        'The service is briefly unavailable; please retry',
        { 'retry-after': '5' },
      );
    }
    request.log.error({ err: error }, 'request failed');
    return send(request, reply, 500, 'internal', 'Something went wrong on our side');
  });

  function notFound(request: FastifyRequest, reply: FastifyReply) {
    const path = pathOf(request.url);
    const allowed = routes.allowedOn(path);
    if (allowed.length && !allowed.includes(request.method)) {
      const allow = allowed.join(', ');
      return send(
        request,
        reply,
        405,
        'method_not_allowed',
        `${request.method} is not allowed on ${path}; allowed: ${allow}`,
        { allow },
      );
    }
    return send(request, reply, 404, 'not_found', `No route for ${request.method} ${path}`);
  }

  // A request no route takes is answered before its body is read: the body parser would
  // otherwise refuse an empty JSON body with a 400, where the answer is 404 or 405 either way.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.is404) notFound(request, reply);
    else done();
  });
  app.setNotFoundHandler(notFound);
});
