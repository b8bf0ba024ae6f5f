import { parseDocument } from 'yaml';
import type { InitAnswers } from './init-answers.js';
import { SITE_YAML } from './init-template.js';

/** Where each answer is written in site.yaml; the name is both the author and the portfolio's heading. */
const FIELDS: Array<[keyof Omit<InitAnswers, 'links'>, string[]]> = [
  ['name', ['site', 'author']],
  ['name', ['portfolio', 'hero', 'name']],
  ['title', ['site', 'title']],
  ['description', ['site', 'description']],
  ['url', ['site', 'url']],
  ['accent', ['brand', 'accent', 'light']],
];

/**
 * The template's site.yaml with the answers in it. The template is edited as a YAML document, so
 * that its comments stay where they are and each value is quoted as YAML needs (a name with an
 * apostrophe, a title with a colon); without answers it is the template as written.
 */
export function siteYaml(answers: InitAnswers): string {
  const doc = parseDocument(SITE_YAML);
  for (const [answer, path] of FIELDS) {
    const value = answers[answer];
    // setIn keeps the scalar node, and with it the comment after the value and its quoting.
    if (value !== undefined) doc.setIn(path, value);
  }
  if (answers.links?.length) doc.set('links', doc.createNode(answers.links));
  // The template's own flow lists are written `[a]`; a long answer stays on its line.
  return doc.toString({ flowCollectionPadding: false, lineWidth: 0 });
}
