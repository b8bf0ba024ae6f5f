import { useId } from 'react';
import type { Portfolio } from '../../../shared/schemas/site-config.js';

/** Skill levels as native progress bars, each named by its visible label. */
export function Skills({ skills }: { skills: Portfolio['skills'] }) {
  const prefix = useId();
  return (
    <div id="skills" className="resume-skills">
      <h3 className="resume-subtitle">Skills</h3>
      <ul className="resume-skills__list">
        {skills.map((skill, index) => {
          const labelId = `${prefix}-skill-${index}`;
          return (
            <li key={skill.name} className="resume-skills__item">
              <span className="resume-skills__head">
                <span id={labelId}>{skill.name}</span>
                <span className="resume-skills__value" aria-hidden="true">
                  {skill.level}%
                </span>
              </span>
              <progress
                className="resume-skills__bar"
                aria-labelledby={labelId}
                max={100}
                value={skill.level}
              >
                {skill.level}%
              </progress>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
