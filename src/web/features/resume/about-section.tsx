import type { Portfolio } from '../../../shared/schemas/site-config.js';
import { ResumeSection } from './resume-section.js';
import type { SectionText } from './sections.js';
import { Skills } from './skills.js';

export function AboutSection({
  about,
  skills,
  text,
}: {
  about: Portfolio['about'];
  skills: Portfolio['skills'];
  text: SectionText;
}) {
  return (
    <ResumeSection id="about" text={text} defaultTitle={about.heading}>
      <div className="resume-about">
        <div className="resume-about__text">
          {about.paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
        {about.facts.length > 0 && (
          <dl className="resume-facts">
            {about.facts.map((fact) => (
              <div key={fact.label} className="resume-facts__item">
                <dt>{fact.label}</dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <Skills skills={skills} />
    </ResumeSection>
  );
}
