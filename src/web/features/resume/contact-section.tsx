import type { Portfolio } from '../../../shared/schemas/site-config.js';
import { ContactForm } from './contact-form.js';
import { ResumeSection } from './resume-section.js';
import type { SectionText } from './sections.js';

export function ContactSection({
  contact,
  enabled,
  text,
}: {
  contact: Portfolio['contact'];
  enabled: boolean;
  text: SectionText;
}) {
  return (
    <ResumeSection id="contact" text={text} defaultLead={contact.intro}>
      <div className="resume-contact">
        <dl className="resume-contact__details">
          <div>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </dd>
          </div>
          {contact.phone && (
            <div>
              <dt>Phone</dt>
              <dd>
                <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>
              </dd>
            </div>
          )}
          {contact.location && (
            <div>
              <dt>Location</dt>
              <dd>{contact.location}</dd>
            </div>
          )}
        </dl>
        <ContactForm enabled={enabled} email={contact.email} />
      </div>
    </ResumeSection>
  );
}
