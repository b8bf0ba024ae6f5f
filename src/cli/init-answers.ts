import type { TSchema } from 'typebox';
import { accentProblems } from '../server/brand/accent.js';
import { fieldName, validate } from '../server/content/schema-errors.js';
import {
  HexColor,
  LINK_KINDS,
  OwnerLink,
  OwnerLinks,
  type LinkKind,
} from '../shared/schemas/brand.js';
import { SiteConfig } from '../shared/schemas/site-config.js';
import { UsageError } from './usage.js';

/** What `init` asks for (or takes from its flags); init-site-yaml.ts says where each goes. */
export interface InitAnswers {
  /** The owner: the site's author and the portfolio's heading. */
  name?: string;
  title?: string;
  description?: string;
  url?: string;
  accent?: string;
  links?: OwnerLink[];
}

export type TextAnswer = Exclude<keyof InitAnswers, 'links'>;

const site = SiteConfig.properties.site.properties;

/**
 * Each answer is checked by the schema of the site.yaml field it is written to, so that an answer
 * taken here is one the import takes. The name goes to two fields of the same schema.
 */
const ANSWER_SCHEMAS: Record<TextAnswer, TSchema> = {
  name: site.author,
  title: site.title,
  description: site.description,
  url: site.url,
  accent: HexColor,
};

/** The words of a schema's first problem with a bare value, without the field it names. */
function problemWith(schema: TSchema, value: unknown): string | undefined {
  const result = validate(schema, value);
  if (result.ok) return undefined;
  const [first] = result.problems;
  return first!.text.slice(fieldName([]).length + 1);
}

/** Why an accent written as a colour is refused: too little contrast, with its ratio and a nearby colour that passes. */
function contrastProblem(accent: string): string | undefined {
  const [problem] = accentProblems({ light: accent });
  // The answer is shown beside its question: the field it goes to need not be named.
  return problem?.text.replace(/^brand\.accent\.light /, '');
}

/** Why an answer is refused, in the words the import would use, or undefined. */
export function answerProblem(field: TextAnswer, value: string): string | undefined {
  const problem = problemWith(ANSWER_SCHEMAS[field], value);
  if (problem || field !== 'accent') return problem;
  return contrastProblem(value);
}

/** Why a link's address is refused (an https:// URL, a mailto: or a path of the site), or undefined. */
export const linkUrlProblem = (url: string) => problemWith(OwnerLink.properties.url, url);

/** Why a link's label is refused, or undefined. */
export const linkLabelProblem = (label: string) => problemWith(OwnerLink.properties.label, label);

/** Why a whole link is refused as site.yaml's `links` would refuse it (its kind and url together), or undefined. */
export const linkProblem = (link: OwnerLink) => problemWith(OwnerLinks.items, link);

/** The kind a link's address most likely is: the one a prompt offers first. */
export function likelyLinkKind(url: string): LinkKind {
  if (/^mailto:/i.test(url)) return 'email';
  let parsed: URL;
  try {
    parsed = new URL(url, 'https://site.invalid');
  } catch {
    return 'website';
  }
  const host = parsed.hostname.replace(/^www\./, '');
  const known: Partial<Record<string, LinkKind>> = {
    'github.com': 'github',
    'gitlab.com': 'gitlab',
    'linkedin.com': 'linkedin',
    'bsky.app': 'bluesky',
  };
  if (known[host]) return known[host];
  if (host.endsWith('.linkedin.com')) return 'linkedin';
  if (/(\.xml|\.rss|\.atom|\/feed\/?|\/rss\/?)$/i.test(parsed.pathname)) return 'rss';
  // Mastodon's profiles, on any of its servers, are /@name.
  if (/^\/@[^/]+\/?$/.test(parsed.pathname)) return 'mastodon';
  return 'website';
}

/**
 * `--link github=https://github.com/you`, or with a label after a space (a URL holds none):
 * `--link "website=https://example.com/talks My talks"`.
 */
export function parseLinkFlag(flag: string): OwnerLink {
  const trimmed = flag.trim();
  const equals = trimmed.indexOf('=');
  if (equals === -1)
    throw new UsageError(
      `--link "${flag}" is not kind=url; write e.g. --link github=https://github.com/you`,
    );
  const kind = trimmed.slice(0, equals);
  const rest = trimmed.slice(equals + 1);
  const space = rest.search(/\s/);
  const url = space === -1 ? rest : rest.slice(0, space);
  const label = space === -1 ? undefined : rest.slice(space + 1);
  if (!(LINK_KINDS as readonly string[]).includes(kind))
    throw new UsageError(
      `--link "${flag}": "${kind}" is not a kind of link; write one of ${LINK_KINDS.join(', ')}`,
    );
  const urlProblem = linkUrlProblem(url);
  if (urlProblem) throw new UsageError(`--link "${flag}": ${urlProblem}`);
  const link: OwnerLink = { kind: kind as LinkKind, url };
  if (label?.trim()) link.label = label.trim();
  else if (kind === 'website')
    // A website has no name of its own: its label is the link's text.
    throw new UsageError(
      `--link "${flag}": a website link needs a label after its url: --link "website=${url} My talks"`,
    );
  const problem = linkProblem(link);
  if (problem) throw new UsageError(`--link "${flag}" ${problem}`);
  return link;
}

/** The flags of `init`, as Commander gives them. */
export interface InitFlags extends Partial<Record<TextAnswer, string>> {
  link?: string[];
  yes?: boolean;
}

/** The answers the flags give, each checked as its question's answer is; a bad one is a usage error. */
export function answersFromFlags(flags: InitFlags): InitAnswers {
  const answers: InitAnswers = {};
  for (const field of Object.keys(ANSWER_SCHEMAS) as TextAnswer[]) {
    const value = flags[field]?.trim();
    if (value === undefined) continue;
    const problem = answerProblem(field, value);
    if (problem) throw new UsageError(`--${field}: ${problem}`);
    answers[field] = value;
  }
  if (flags.link?.length) {
    answers.links = flags.link.map(parseLinkFlag);
    const problem = problemWith(OwnerLinks, answers.links);
    if (problem) throw new UsageError(`--link: ${problem}`);
  }
  return answers;
}
