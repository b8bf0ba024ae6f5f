import type { FastifyReply, FastifyRequest } from 'fastify';
import { pagePath } from '../../../shared/paths.js';
import { formAnswerPage, type FormAnswer } from './form-answer-page.js';
import { CACHE_CONTROL, NO_STORE } from '../../cache/cache-policy.js';

/**
 * Answers a form sent without JavaScript with a page of the site: never cached, never indexed;
 * the security headers are the pages' (plugins/security-headers.ts).
 */
export function answerForm(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  answer: FormAnswer,
) {
  const { contentState } = request.server.ctx;
  const site = contentState.state.site?.site;
  const body = formAnswerPage(answer, {
    stylesheets: request.server.errorAnswers.stylesheets,
    look: request.server.ctx.look.scriptlessHead,
    language: site?.language ?? 'en',
    siteTitle: site?.title ?? 'Postfolio',
  });
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header(CACHE_CONTROL, NO_STORE)
    .send(body);
}

/** The page for a post that did not come from this site's own pages. */
export const CROSS_SITE: FormAnswer = {
  heading: 'Not sent',
  message: "This form can only be sent from this site's own pages.",
  link: { href: pagePath.landing(), label: 'Go to the home page' },
};
