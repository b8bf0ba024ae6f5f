import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, ContactBody, ContactResult } from '../../../shared/schemas/api.js';
import { HttpError } from '../../http/errors.js';

export const CONTACT_SUCCESS = 'Your message has been sent. Thank you!';

/** The contact form's target; answers 404 unless the site owner set CONTACT_ENABLED. */
export const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config, store } = app.ctx;
  app.post(
    '/api/contact',
    {
      config: { rateLimit: { max: 5, timeWindow: 60_000 } },
      schema: {
        summary: 'Send a message through the contact form (when enabled)',
        tags: ['contact'],
        body: ContactBody,
        response: { 201: ContactResult, 400: ApiError, 404: ApiError, 429: ApiError },
      },
    },
    async (request, reply) => {
      if (!config.contactEnabled)
        throw new HttpError(404, 'not_found', 'The contact form is not enabled on this site');
      const { name, email, subject, message } = request.body;
      await store.db
        .insertInto('contact_messages')
        .values({ name, email, subject, message, created_at: new Date().toISOString() })
        .execute();
      return reply.code(201).send({ message: CONTACT_SUCCESS });
    },
  );
};
