import type { PageLook } from '../../http/error-answer.js';
import { escapeHtml, smallPage } from '../../http/small-page.js';

/** What a form sent without JavaScript is answered with: a small page of the site. */
export interface FormAnswer {
  /** The page's title and heading. */
  heading: string;
  /** The outcome, in the specification's words where it has them. */
  message: string;
  /** What was wrong with the input, one line per field. */
  problems?: string[];
  /** Where to go next. */
  link: { href: string; label: string };
}

/**
 * The page: the heading, the outcome as a status (or an alert when something was wrong), the
 * problems and one link, in the frame of the site's own error pages.
 */
export function formAnswerPage(
  answer: FormAnswer,
  look: Omit<PageLook, 'styleHashes'> & { siteTitle: string },
): string {
  const role = answer.problems?.length ? 'alert' : 'status';
  const problems = answer.problems?.length
    ? `\n      <ul>${answer.problems.map((problem) => `\n        <li>${escapeHtml(problem)}</li>`).join('')}\n      </ul>`
    : '';
  return smallPage({
    language: look.language,
    meta: [
      '<meta name="color-scheme" content="light dark">',
      '<meta name="robots" content="noindex">',
    ],
    title: `${escapeHtml(answer.heading)} · ${escapeHtml(look.siteTitle)}`,
    stylesheets: look.stylesheets,
    look: look.look,
    main: [
      `<h1>${escapeHtml(answer.heading)}</h1>`,
      `<p role="${role}">${escapeHtml(answer.message)}</p>${problems}`,
      `<p><a href="${escapeHtml(answer.link.href)}">${escapeHtml(answer.link.label)}</a></p>`,
    ],
  });
}
