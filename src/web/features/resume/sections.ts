import {
  sectionTexts,
  shownSections,
  type SectionId,
  type SectionText,
} from '../../../shared/portfolio-sections.js';
import type { Portfolio } from '../../../shared/schemas/site-config.js';

export type { SectionId, SectionText };

/** A section the page shows: its id (the side navigation's anchor) and texts. */
export interface ShownSection extends SectionText {
  id: SectionId;
}

/** The sections of this portfolio in order, with their texts (site.yaml's or the defaults). */
export function pageSections(portfolio: Portfolio): ShownSection[] {
  const texts = sectionTexts(portfolio);
  return shownSections(portfolio).map((id) => ({ id, ...texts[id] }));
}
