import type { Portfolio } from '../../../shared/schemas/site-config.js';

/** `work`: where "See my work" leads, the products or, without them, the résumé. */
export function HeroSection({ hero, work }: { hero: Portfolio['hero']; work: string }) {
  return (
    <section id="hero" className="resume-hero" aria-labelledby="hero-title">
      <p className="eyebrow">Hello, I&apos;m</p>
      <h1 id="hero-title" className="resume-hero__name">
        {hero.name}
      </h1>
      <ul className="resume-hero__roles" aria-label="Roles">
        {hero.roles.map((role) => (
          <li key={role}>{role}</li>
        ))}
      </ul>
      <p className="resume-hero__intro">{hero.intro}</p>
      <p className="resume-hero__actions">
        <a className="button" href={`#${work}`}>
          See my work
        </a>
        <a className="button button--secondary" href="#contact">
          Get in touch
        </a>
      </p>
    </section>
  );
}
