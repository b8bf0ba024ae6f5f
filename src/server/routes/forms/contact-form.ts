import type { FastifyPluginAsync, onRequestHookHandler } from 'fastify';
import { CONTACT_SUCCESS } from '../../../shared/forms.js';
import { FORM_ROUTES, pagePath } from '../../../shared/paths.js';
import { CONTACT_FIELDS, contactProblems } from '../../contact/contact-problems.js';
import type { ContactService } from '../../contact/contact.service.js';
import { answerForm, CROSS_SITE } from './answer-form.js';
import { acceptFormBodies, FORM_BODY_LIMIT, textField } from './form-body.js';
import { isSameOrigin } from './same-origin.js';

const BACK = { href: pagePath.resume('contact'), label: 'Back to the contact form' };

/**
 * The contact form sent natively (no JavaScript): the same checks, store and mail as
 * POST /api/contact, answered with a page that says what happened.
 */
export const contactFormRoute: FastifyPluginAsync<{
  contact: ContactService;
  limit: onRequestHookHandler;
}> = async (app, { contact, limit }) => {
  acceptFormBodies(app);
  app.post(
    FORM_ROUTES.contact,
    { onRequest: limit, bodyLimit: FORM_BODY_LIMIT, schema: { hide: true } },
    async (request, reply) => {
      if (!isSameOrigin(request)) return answerForm(request, reply, 403, CROSS_SITE);
      if (!app.ctx.config.contactEnabled)
        return answerForm(request, reply, 404, {
          heading: 'Not sent',
          message: 'The contact form is switched off on this site.',
          link: BACK,
        });
      const fields = Object.fromEntries(
        CONTACT_FIELDS.map((field) => [field, textField(request.body, field)]),
      ) as Record<(typeof CONTACT_FIELDS)[number], string>;
      const problems = contactProblems(fields);
      if (problems.length)
        return answerForm(request, reply, 400, {
          heading: 'Not sent yet',
          message:
            'Your message was not sent. Please go back (your browser keeps what you typed) and correct this:',
          problems,
          link: BACK,
        });
      await contact.receive(fields);
      return answerForm(request, reply, 200, {
        heading: 'Message sent',
        message: CONTACT_SUCCESS,
        link: { href: pagePath.resume(), label: 'Back to the portfolio' },
      });
    },
  );
};
