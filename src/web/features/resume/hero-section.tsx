import type { ImageVariants } from '../../../shared/schemas/images.js';
import type { Portfolio } from '../../../shared/schemas/site-config.js';
import { Picture } from '../../components/ui/picture.js';
import { ServerMarkup } from '../../components/ui/server-markup.js';

/** The photo's width (resume-sections.css): 8rem on a phone, 15rem beside the text. */
const PHOTO_SIZES = '(max-width: 48rem) 8rem, 15rem';

/**
 * `work`: where "See my work" leads, the products or, without them, the résumé. `photo`: the
 * owner's (site.yaml `brand.photo`), at the top of the page, so loaded at once.
 */
export function HeroSection({
  hero,
  work,
  photo,
}: {
  hero: Portfolio['hero'];
  work: string;
  photo?: { image: string; variants?: ImageVariants };
}) {
  return (
    <section
      id="hero"
      className={photo ? 'resume-hero resume-hero--photo' : 'resume-hero'}
      aria-labelledby="hero-title"
    >
      {photo && (
        <Picture
          className="resume-hero__photo"
          image={photo.image}
          variants={photo.variants}
          alt={`Photo of ${hero.name}`}
          sizes={PHOTO_SIZES}
          loading="eager"
          fallbackSize={{ width: 240, height: 240 }}
        />
      )}
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
      <ServerMarkup part="links" className="resume-hero__links" />
    </section>
  );
}
