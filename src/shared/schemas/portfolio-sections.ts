import { Type, type Static } from 'typebox';
import { SECTION_IDS, type SectionId } from '../portfolio-sections.js';
import { NonBlankText as Text } from './content-fields.js';

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
