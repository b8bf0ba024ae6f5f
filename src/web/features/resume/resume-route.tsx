import { useMemo } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { ImageVariants } from '../../../shared/schemas/images.js';
import type { Portfolio } from '../../../shared/schemas/site-config.js';
import { LoadError } from '../../components/ui/load-error.js';
import { ServerMarkup } from '../../components/ui/server-markup.js';
import { dataSource } from '../../data/loader-data.js';
import { routeHandle } from '../../head.js';
import { AboutSection } from './about-section.js';
import { ContactSection } from './contact-section.js';
import { HeroSection } from './hero-section.js';
import { PortfolioSection } from './portfolio-section.js';
import { pageSections } from './sections.js';
import { ServicesSection } from './services-section.js';
import { SideNav } from './side-nav.js';
import { TimelineSection } from './timeline-section.js';
import './resume.css';
import './resume-sections.css';
import './resume-cards.css';

export interface ResumeData {
  portfolio: Portfolio;
  contact_enabled: boolean;
  /** The files of the portfolio's images, by file name. */
  images: Record<string, ImageVariants>;
  /** The owner's photo (site.yaml `brand.photo`), a file name of `images`. */
  photo?: string;
}

/** Only the portfolio, the owner's photo and the contact switch travel to the browser. */
export async function loader({ context }: LoaderFunctionArgs): Promise<ResumeData> {
  const { portfolio, contact_enabled, images = {}, brand } = await dataSource(context).site();
  return { portfolio, contact_enabled, images, ...(brand?.photo ? { photo: brand.photo } : {}) };
}

export const handle = routeHandle<typeof loader>((data, site) => {
  const hero = data?.portfolio.hero;
  if (!hero) return { title: `Resume · ${site.title}` };
  return {
    title: `${hero.name} · ${hero.roles[0]} · Resume`,
    description: hero.intro,
    type: 'profile',
  };
});

export function Component() {
  const { portfolio, contact_enabled, images, photo } = useLoaderData<typeof loader>();
  const sections = useMemo(() => pageSections(portfolio), [portfolio]);
  const text = Object.fromEntries(sections.map((section) => [section.id, section]));
  const { products = [], services = [] } = portfolio;
  return (
    <div className="resume">
      <SideNav name={portfolio.hero.name} role={portfolio.hero.roles[0]} sections={sections} />
      <main id="main" className="resume-main">
        <HeroSection
          hero={portfolio.hero}
          work={text.portfolio ? 'portfolio' : 'resume'}
          photo={photo === undefined ? undefined : { image: photo, variants: images[photo] }}
        />
        <AboutSection about={portfolio.about} skills={portfolio.skills} text={text.about!} />
        <TimelineSection resume={portfolio.resume} text={text.resume!} />
        {text.portfolio && (
          <PortfolioSection products={products} images={images} text={text.portfolio} />
        )}
        {text.services && <ServicesSection services={services} text={text.services} />}
        <ContactSection
          contact={portfolio.contact}
          enabled={contact_enabled}
          text={text.contact!}
        />
        <p className="resume-top-link">
          <a href="#hero">Back to top</a>
        </p>
      </main>
      <ServerMarkup part="footer" className="resume-footer" />
    </div>
  );
}

export const ErrorBoundary = LoadError;
