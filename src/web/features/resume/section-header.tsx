/** A section's small label (matching its side-nav entry) above its heading. */
export function SectionHeader({
  id,
  label,
  title,
  lead,
}: {
  id: string;
  label: string;
  title: string;
  lead?: string;
}) {
  return (
    <header className="resume-section__header">
      <p className="eyebrow">{label}</p>
      <h2 id={id} className="resume-section__title">
        {title}
      </h2>
      {lead && <p className="resume-section__lead">{lead}</p>}
    </header>
  );
}
