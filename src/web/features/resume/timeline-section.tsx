import type { Portfolio } from '../../../shared/schemas/site-config.js';
import { ResumeSection } from './resume-section.js';
import type { SectionText } from './sections.js';

type Entry = Portfolio['resume']['experience'][number];

export function TimelineSection({
  resume,
  text,
}: {
  resume: Portfolio['resume'];
  text: SectionText;
}) {
  return (
    <ResumeSection id="resume" text={text} defaultLead={resume.summary}>
      <div className="resume-timelines">
        <Timeline title="Experience" entries={resume.experience} />
        <Timeline title="Education" entries={resume.education} />
      </div>
    </ResumeSection>
  );
}

function Timeline({ title, entries }: { title: string; entries: Entry[] }) {
  if (entries.length === 0) return null;
  return (
    <div className="resume-timeline">
      <h3 className="resume-subtitle">{title}</h3>
      <ol className="resume-timeline__list">
        {entries.map((entry) => (
          <li key={`${entry.title}-${entry.period}`} className="resume-timeline__item">
            <p className="eyebrow resume-timeline__period">{entry.period}</p>
            <h4 className="resume-timeline__title">{entry.title}</h4>
            <p className="resume-timeline__place">{entry.place}</p>
            {entry.details.length > 0 && (
              <ul className="resume-timeline__details">
                {entry.details.map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
