import type { LandingData } from './landing-types.js';

/** The student card: a short pitch and an external link that opens in a new tab, safely. */
export function StudentCard({ student }: { student: LandingData['student'] }) {
  return (
    <section className="landing-card" aria-labelledby="landing-student-title">
      <p className="landing-card__kicker">For students</p>
      <h2 id="landing-student-title" className="landing-card__title">
        {student.title}
      </h2>
      <p className="landing-card__text">{student.text}</p>
      <p className="landing-card__actions">
        <a className="button" href={student.url} target="_blank" rel="noopener noreferrer">
          {student.link_label}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
    </section>
  );
}
