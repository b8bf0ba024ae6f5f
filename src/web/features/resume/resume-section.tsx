import type { ReactNode } from 'react';
import { SectionHeader } from './section-header.js';
import type { SectionText } from './sections.js';

/**
 * A portfolio section under its header: the label, heading and lead of its text, the heading and
 * lead falling back to `defaultTitle` (else the label) and `defaultLead`.
 */
export function ResumeSection({
  id,
  text,
  defaultTitle = text.label,
  defaultLead,
  children,
}: {
  id: string;
  text: SectionText;
  defaultTitle?: string;
  defaultLead?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className="resume-section" aria-labelledby={`${id}-title`}>
      <SectionHeader
        id={`${id}-title`}
        label={text.label}
        title={text.title ?? defaultTitle}
        lead={text.lead ?? defaultLead}
      />
      {children}
    </section>
  );
}
