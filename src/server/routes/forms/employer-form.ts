import type { FastifyPluginAsync, onRequestHookHandler } from 'fastify';
import { EMPLOYER_GATE_PARAM, WRONG_EMAIL_TEXT } from '../../../shared/forms.js';
import { FORM_ROUTES, pagePath } from '../../../shared/paths.js';
import { answerForm, CROSS_SITE } from './answer-form.js';
import { acceptFormBodies, textField } from './form-body.js';
import { isSameOrigin } from './same-origin.js';
import { CACHE_CONTROL, NO_STORE } from '../../cache/cache-policy.js';

/**
 * The employer gate sent natively (no JavaScript): the right address is redirected to /resume,
 * any other gets a page with the specification's text and a way back to the open gate.
 */
export const employerFormRoute: FastifyPluginAsync<{
  allowed: (email: string) => boolean;
  limit: onRequestHookHandler;
}> = async (app, { allowed, limit }) => {
  acceptFormBodies(app);
  app.post(
    FORM_ROUTES.employerCheck,
    { onRequest: limit, schema: { hide: true } },
    async (request, reply) => {
      if (!isSameOrigin(request)) return answerForm(request, reply, 403, CROSS_SITE);
      if (allowed(textField(request.body, 'email')))
        return reply
          .code(303)
          .header('location', pagePath.resume())
          .header(CACHE_CONTROL, NO_STORE)
          .send();
      return answerForm(request, reply, 403, {
        heading: 'Not unlocked',
        message: WRONG_EMAIL_TEXT,
        link: {
          href: `${pagePath.landing()}?${EMPLOYER_GATE_PARAM}=1`,
          label: 'Try another address',
        },
      });
    },
  );
};
