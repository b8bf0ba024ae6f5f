import type { LandingData } from './landing-types.js';

/** The button's text when site.yaml gives the link without one. */
const DEFAULT_LINK_LABEL = 'Open the course';

/**
 * The student card: a short pitch and, when site.yaml gives one, an external link that opens
 * in a new tab, safely.
 */
export function StudentCard({ student }: { student: LandingData['student'] }) {
  return (
    <section className="landing-card" aria-labelledby="landing-student-title">
      <p className="eyebrow">For students</p>
      <h2 id="landing-student-title" className="landing-card__title">
        {student.title}
      </h2>
      <p className="landing-card__text">{student.text}</p>
      {student.url && (
        <p className="landing-card__actions">
          <a className="button" href={student.url} target="_blank" rel="noopener noreferrer">
            {student.link_label ?? DEFAULT_LINK_LABEL}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      )}
    </section>
  );
}
