import { Type, type Static } from 'typebox';
import { NonBlankText as Text } from './content-fields.js';

/** The sections of /resume in page order; the side navigation links to each by its id. */
export const SECTION_IDS = ['hero', 'about', 'resume', 'portfolio', 'services', 'contact'] as const;
export type SectionId = (typeof SECTION_IDS)[number];

/** What a section shows above its content: the side-nav label, the heading and a lead line. */
export interface SectionText {
  label: string;
  title?: string;
  lead?: string;
}

const SectionTextConfig = Type.Object(
  {
    label: Type.Optional(Text(40)),
    title: Type.Optional(Text(120)),
    lead: Type.Optional(Text(300)),
  },
  { additionalProperties: false },
);

/**
 * `portfolio.sections` of site.yaml: each section's label, heading and lead, all optional. (The
 * about section's heading is `about.heading`; the résumé's and the contact's leads are their
 * summary and intro.)
 */
export const SectionsConfig = Type.Object(
  Object.fromEntries(SECTION_IDS.map((id) => [id, Type.Optional(SectionTextConfig)])) as Record<
    SectionId,
    Type.TOptional<typeof SectionTextConfig>
  >,
  { additionalProperties: false },
);
export type SectionsConfig = Static<typeof SectionsConfig>;

/** The texts a site.yaml without `portfolio.sections` gets. */
export const DEFAULT_SECTION_TEXTS: Record<SectionId, SectionText> = {
  hero: { label: 'Home' },
  about: { label: 'About' },
  resume: { label: 'Resume', title: 'Experience and education' },
  portfolio: {
    label: 'Portfolio',
    title: 'Demo products',
    lead: 'Small tools and demos I have built, most of them open source.',
  },
  services: {
    label: 'Services',
    title: 'How I can help',
    lead: 'Focused engagements with a clear scope and a result your team keeps.',
  },
  contact: { label: 'Contact', title: "Let's work together" },
};

/** What the page needs to know of the portfolio to lay out its sections. */
interface SectionSource {
  sections?: SectionsConfig;
  products?: unknown[];
  services?: unknown[];
}

/** Each section's texts: the site's own where it wrote them, else the defaults. */
export function sectionTexts(portfolio: SectionSource): Record<SectionId, SectionText> {
  const own = portfolio.sections ?? {};
  return Object.fromEntries(
    SECTION_IDS.map((id) => [id, { ...DEFAULT_SECTION_TEXTS[id], ...own[id] }]),
  ) as Record<SectionId, SectionText>;
}

/** The sections the page shows, in order: the optional ones only when the site lists entries. */
export function shownSections(portfolio: SectionSource): SectionId[] {
  return SECTION_IDS.filter(
    (id) =>
      (id !== 'portfolio' || (portfolio.products?.length ?? 0) > 0) &&
      (id !== 'services' || (portfolio.services?.length ?? 0) > 0),
  );
}
