import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ANY_CALL_ANSWERS,
  ApiError,
  EmployerCheckBody,
  EmployerCheckResult,
} from '../../../shared/schemas/api.js';
import { normalizeEmail } from '../../config.js';
import { attemptLimit } from '../forms/attempt-limit.js';
import { employerFormRoute } from '../forms/employer-form.js';
import { API_ROUTES } from '../../../shared/paths.js';
import { CACHE_CONTROL, NO_STORE } from '../../cache/cache-policy.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `email` is the expected address (trimmed, any case), compared in constant time. */
export function employerMatcher(expected: string): (email: string) => boolean {
  const expectedDigest = digest(expected);
  return (email) => {
    const given = normalizeEmail(email);
    return expected !== '' && given !== '' && timingSafeEqual(digest(given), expectedDigest);
  };
}

/**
 * The employer gate: POST /api/employer-check (JSON, from the page's script) and its native form
 * (routes/forms/), which share their attempts. The expected address stays on the server.
 */
export const employerCheckRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const expected = app.ctx.config.employerEmail;
  const matches = employerMatcher(expected);
  // Every check is an attempt, and an unlock when it passes (both ways of sending it count).
  const allowed = (email: string) => {
    const unlocked = matches(email);
    app.ctx.analytics?.event({ kind: 'gate', unlocked });
    return unlocked;
  };
  if (!expected)
    app.log.warn('EMPLOYER_EMAIL is not set: the employer gate will refuse every address');
  const limit = attemptLimit(app, 'employer-check', 10);

  app.post(
    API_ROUTES.employerCheck,
    {
      onRequest: limit,
      schema: {
        summary: 'Check the employer e-mail address of the landing page',
        tags: ['employer'],
        body: EmployerCheckBody,
        response: { 200: EmployerCheckResult, 400: ApiError, 429: ApiError, ...ANY_CALL_ANSWERS },
      },
    },
    async (request, reply) => {
      reply.header(CACHE_CONTROL, NO_STORE);
      return { allowed: allowed(request.body.email) };
    },
  );
  await app.register(employerFormRoute, { allowed, limit });
};
