import type { Portfolio } from '../../../shared/schemas/site-config.js';
import { ResumeSection } from './resume-section.js';
import type { SectionText } from './sections.js';

export function ServicesSection({
  services,
  text,
}: {
  services: NonNullable<Portfolio['services']>;
  text: SectionText;
}) {
  return (
    <ResumeSection id="services" text={text}>
      {services.length === 0 ? (
        <p>Get in touch to talk about what your team needs.</p>
      ) : (
        <ul className="resume-services">
          {services.map((service, index) => (
            <li key={service.title} className="resume-service">
              <span className="resume-service__number" aria-hidden="true">
                {String(index + 1).padStart(2, '0')}
              </span>
              <h3 className="resume-service__title">{service.title}</h3>
              <p className="resume-service__text">{service.text}</p>
            </li>
          ))}
        </ul>
      )}
    </ResumeSection>
  );
}
