import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { securityHeadersFor } from '../http/security-headers.js';

/** Sets the security headers on every answer made through Fastify, errors included. */
export const securityHeaders: FastifyPluginAsync = fp(async (app) => {
  // The web mount adds the inline stylesheet's hash after this plugin is registered.
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(securityHeadersFor(request.url, app.ctx.inlineStyleHashes));
  });
});
