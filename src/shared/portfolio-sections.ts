import type { SectionsConfig } from './schemas/portfolio-sections.js';

/**
 * The sections of /resume and their texts, as the page lays them out. Apart from their schema
 * (schemas/portfolio-sections.ts): the page needs no TypeBox, whose 373 modules the server's
 * renderer would otherwise load on every start (≈ 0.17 s of CPU) and the page's script carry.
 */

/** The sections of /resume in page order; the side navigation links to each by its id. */
export const SECTION_IDS = ['hero', 'about', 'resume', 'portfolio', 'services', 'contact'] as const;
export type SectionId = (typeof SECTION_IDS)[number];

/** What a section shows above its content: the side-nav label, the heading and a lead line. */
export interface SectionText {
  label: string;
  title?: string;
  lead?: string;
}

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
