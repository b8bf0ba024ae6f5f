import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CONTACT_SUCCESS } from '../../../shared/forms.js';
import {
  ANY_CALL_ANSWERS,
  ApiError,
  ContactBody,
  ContactResult,
} from '../../../shared/schemas/api.js';
import { ContactNotifier } from '../../contact/contact-notifier.js';
import { ContactService } from '../../contact/contact.service.js';
import { HttpError } from '../../http/errors.js';
import { attemptLimit } from '../forms/attempt-limit.js';
import { contactFormRoute } from '../forms/contact-form.js';
import { API_ROUTES } from '../../../shared/paths.js';

/**
 * The contact form's targets: POST /api/contact (JSON, from the page's script) and its native
 * form (routes/forms/); both answer 404 unless the site owner set CONTACT_ENABLED. Each message
 * is stored, then mailed to the owner when SMTP_URL is set.
 */
export const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config, store, contentState } = app.ctx;
  const notifier = new ContactNotifier(config.contactMail, app.log, () => {
    const site = contentState.state.site;
    return site ? { title: site.site.title, contactEmail: site.portfolio.contact.email } : null;
  });
  app.addHook('onClose', () => notifier.close());
  const contact = new ContactService(store, notifier, () =>
    app.ctx.analytics?.event({ kind: 'contact' }),
  );
  const limit = attemptLimit(app, 'contact', 5);

  app.post(
    API_ROUTES.contact,
    {
      onRequest: limit,
      schema: {
        summary: 'Send a message through the contact form (when enabled)',
        tags: ['contact'],
        body: ContactBody,
        response: {
          201: ContactResult,
          400: ApiError,
          404: ApiError,
          429: ApiError,
          ...ANY_CALL_ANSWERS,
        },
      },
    },
    async (request, reply) => {
      if (!config.contactEnabled)
        throw new HttpError(404, 'not_found', 'The contact form is not enabled on this site');
      await contact.receive(request.body);
      return reply.code(201).send({ message: CONTACT_SUCCESS });
    },
  );
  await app.register(contactFormRoute, { contact, limit });
};
