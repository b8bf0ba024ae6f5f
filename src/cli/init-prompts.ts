import { input, select } from '@inquirer/prompts';
import { DEFAULT_ACCENT_TOKENS } from '../server/brand/scheme-colors.js';
import { LINK_KINDS, OwnerLinks, type OwnerLink } from '../shared/schemas/brand.js';
import {
  answerProblem,
  likelyLinkKind,
  linkLabelProblem,
  linkProblem,
  linkUrlProblem,
  type InitAnswers,
  type TextAnswer,
} from './init-answers.js';

/** The accent the site has when site.yaml names none (app.css's). */
export const DEFAULT_ACCENT = DEFAULT_ACCENT_TOKENS.light.accent;

/** What stops the questions: Ctrl-C (the prompt reads it as a key) or the signal. */
export interface AskContext {
  signal?: AbortSignal;
}

/** One line of text, asked until the site.yaml field it goes to takes it. */
async function askText(
  field: TextAnswer,
  message: string,
  fallback: string | undefined,
  { signal }: AskContext,
): Promise<string> {
  const answer = await input(
    {
      message,
      default: fallback,
      validate: (value) => answerProblem(field, value.trim()) ?? true,
    },
    { signal },
  );
  return answer.trim();
}

/** As many links as site.yaml takes: after the last, the questions stop. */
const MAX_LINKS = (OwnerLinks as { maxItems?: number }).maxItems ?? Infinity;

/** The owner's links, one at a time, until an empty answer (or the most a site.yaml lists). */
async function askLinks({ signal }: AskContext): Promise<OwnerLink[]> {
  const links: OwnerLink[] = [];
  while (links.length < MAX_LINKS) {
    const url = (
      await input(
        {
          message: links.length
            ? 'Another link (empty: no more)'
            : 'A link of yours: GitHub, LinkedIn, Mastodon, mailto:… (empty: none)',
          validate: (value) =>
            value.trim() === '' ? true : (linkUrlProblem(value.trim()) ?? true),
        },
        { signal },
      )
    ).trim();
    if (url === '') break;
    const kind = await select(
      {
        message: 'Which kind of link',
        choices: LINK_KINDS,
        default: likelyLinkKind(url),
        pageSize: LINK_KINDS.length,
      },
      { signal },
    );
    const link: OwnerLink = { kind, url };
    if (kind === 'website') {
      // A website has no name of its own to show: its label is the link's text.
      link.label = (
        await input(
          {
            message: 'Its label',
            default: /^https?:/i.test(url) ? new URL(url).hostname : url,
            validate: (value) => linkLabelProblem(value.trim()) ?? true,
          },
          { signal },
        )
      ).trim();
    }
    // Some kinds want their own form of address (an email link a mailto:, a Mastodon one a profile's).
    const problem = linkProblem(link);
    if (problem)
      link.url = (
        await input(
          {
            message: `The address ${problem}`,
            default: url,
            prefill: 'editable',
            validate: (value) => linkProblem({ ...link, url: value.trim() }) ?? true,
          },
          { signal },
        )
      ).trim();
    links.push(link);
  }
  return links;
}

/**
 * Asks for what the flags did not give, each answer checked by its site.yaml field and asked
 * again with the problem shown. Rejects with the prompt's ExitPromptError on Ctrl-C and its
 * AbortPromptError when the signal aborts.
 */
export async function askAnswers(
  given: InitAnswers,
  context: AskContext = {},
): Promise<InitAnswers> {
  const answers = { ...given };
  answers.name ??= await askText('name', 'Your name', undefined, context);
  answers.title ??= await askText('title', "The site's title", answers.name, context);
  answers.description ??= await askText(
    'description',
    'The site in one line (search engines and feeds show it)',
    `Notes and work of ${answers.name}.`,
    context,
  );
  answers.url ??= await askText(
    'url',
    'Where it will live (its https:// address)',
    'https://example.com',
    context,
  );
  answers.accent ??= await askText('accent', 'Accent colour, #rrggbb', DEFAULT_ACCENT, context);
  answers.links ??= await askLinks(context);
  return answers;
}
