import { escapeHtml, type PageLook } from '../../http/error-answer.js';

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
 * problems and one link. No script and no inline style, only the site's stylesheets, which the
 * pages' CSP allows, so that it looks like the site's own error pages.
 */
export function formAnswerPage(
  answer: FormAnswer,
  look: Omit<PageLook, 'styleHashes'> & { siteTitle: string },
): string {
  const links = look.stylesheets.map(
    (href) => `\n    <link rel="stylesheet" href="${escapeHtml(href)}">`,
  );
  const role = answer.problems?.length ? 'alert' : 'status';
  const problems = answer.problems?.length
    ? `\n      <ul>${answer.problems.map((problem) => `\n        <li>${escapeHtml(problem)}</li>`).join('')}\n      </ul>`
    : '';
  return `<!doctype html>
<html lang="${escapeHtml(look.language)}">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="color-scheme" content="light dark">
    <meta name="robots" content="noindex">
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    <title>${escapeHtml(answer.heading)} · ${escapeHtml(look.siteTitle)}</title>${links.join('')}
  </head>
  <body>
    <main id="main" class="error-page">
      <h1>${escapeHtml(answer.heading)}</h1>
      <p role="${role}">${escapeHtml(answer.message)}</p>${problems}
      <p><a href="${escapeHtml(answer.link.href)}">${escapeHtml(answer.link.label)}</a></p>
    </main>
  </body>
</html>
`;
}
