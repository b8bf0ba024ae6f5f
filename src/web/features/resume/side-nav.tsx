import { useEffect, useMemo, useState } from 'react';
import { Link } from '../../components/ui/link.js';
import { ServerMarkup } from '../../components/ui/server-markup.js';
import { useOwnerParts } from '../../data/owner-parts.js';
import { initials } from '../../../shared/initials.js';
import { pagePath } from '../../../shared/paths.js';
import type { SectionId, ShownSection } from './sections.js';
import { useCurrentSection } from './use-current-section.js';
import '../../components/ui/menu-icon.css';
import './side-nav.css';

/**
 * The section navigation: a fixed column on the left of wide screens, a top bar with a
 * menu button on phones. The current section is marked with aria-current.
 */
export function SideNav({
  name,
  role,
  sections,
}: {
  name: string;
  role: string | undefined;
  sections: ShownSection[];
}) {
  const ids = useMemo(() => sections.map((section) => section.id), [sections]);
  const [current, setCurrent] = useCurrentSection(ids);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className={open ? 'resume-nav resume-nav--open' : 'resume-nav'}>
      <div className="resume-nav__bar">
        <NavBrand name={name} role={role} />
        <button
          type="button"
          className="resume-nav__toggle"
          aria-expanded={open}
          aria-controls="resume-nav-panel"
          onClick={() => setOpen((value) => !value)}
        >
          <span className="menu-icon" aria-hidden="true" />
          Menu
        </button>
      </div>
      <div id="resume-nav-panel" className="resume-nav__panel">
        <SectionLinks
          sections={sections}
          current={current}
          onChoose={(id) => {
            setCurrent(id);
            setOpen(false);
          }}
        />
        <p className="resume-nav__extra">
          <Link to={pagePath.posts()}>Read my notes</Link>
        </p>
      </div>
    </header>
  );
}

/** The owner's name and role beside the brand's logo, or beside their initials without one. */
function NavBrand({ name, role }: { name: string; role: string | undefined }) {
  const { logo } = useOwnerParts();
  return (
    <div className="resume-nav__brand">
      {logo ? (
        <ServerMarkup part="logo" className="resume-nav__logo" />
      ) : (
        <span className="resume-nav__monogram" aria-hidden="true">
          {initials(name)}
        </span>
      )}
      <span className="resume-nav__identity">
        <span className="resume-nav__name">{name}</span>
        {role && <span className="resume-nav__role">{role}</span>}
      </span>
    </div>
  );
}

function SectionLinks({
  sections,
  current,
  onChoose,
}: {
  sections: ShownSection[];
  current: SectionId;
  onChoose: (id: SectionId) => void;
}) {
  return (
    <nav aria-label="Sections">
      <ul className="resume-nav__list">
        {sections.map(({ id, label }) => (
          <li key={id}>
            <a
              className="resume-nav__link"
              href={`#${id}`}
              aria-current={current === id ? 'true' : undefined}
              onClick={() => onChoose(id)}
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
