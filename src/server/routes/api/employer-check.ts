import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, EmployerCheckBody, EmployerCheckResult } from '../../../shared/schemas/api.js';
import { normalizeEmail } from '../../config.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The employer gate: the expected address stays on the server and is compared in constant time. */
export const employerCheckRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const expected = app.ctx.config.employerEmail;
  const expectedDigest = digest(expected);
  if (!expected)
    app.log.warn('EMPLOYER_EMAIL is not set: the employer gate will refuse every address');

  app.post(
    '/api/employer-check',
    {
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        summary: 'Check the employer e-mail address of the landing page',
        tags: ['employer'],
        body: EmployerCheckBody,
        response: { 200: EmployerCheckResult, 400: ApiError, 429: ApiError },
      },
    },
    async (request, reply) => {
      const given = normalizeEmail(request.body.email);
      const allowed =
        expected !== '' && given !== '' && timingSafeEqual(digest(given), expectedDigest);
      reply.header('cache-control', 'no-store');
      return { allowed };
    },
  );
};
