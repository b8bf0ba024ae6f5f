import { Type, type Static } from 'typebox';
import { SLUG_PATTERN } from '../slugs.js';
import { ContentUrl, ImageFile, NonBlankText as Text } from './content-fields.js';
import { SectionsConfig } from './portfolio-sections.js';
import { ImageFile as ServedFile, ImageVariants } from './images.js';
import { BrandConfig, Navigation, OwnerLinks } from './brand.js';

/** A link of the site: to another site, a page of this one, or an address to write to. */
const Url = ContentUrl({ mailto: true });

export const CategoryConfig = Type.Object(
  {
    slug: Type.String({
      pattern: SLUG_PATTERN,
      maxLength: 80,
      patternErrorMessage:
        'not a slug; write lowercase letters, digits and single hyphens, e.g. web-performance',
    }),
    name: Text(80),
    description: Type.Optional(Text(300)),
  },
  { additionalProperties: false },
);

export const Skill = Type.Object(
  { name: Text(80), level: Type.Integer({ minimum: 0, maximum: 100 }) },
  { additionalProperties: false },
);

export const ResumeEntry = Type.Object(
  {
    title: Text(200),
    period: Text(80),
    place: Text(200),
    details: Type.Array(Text(500), { default: [] }),
  },
  { additionalProperties: false },
);

export const DemoProduct = Type.Object(
  {
    name: Text(120),
    description: Text(600),
    /** Without one, a tile of the accent with the product's initials stands in its place. */
    image: Type.Optional(ImageFile()),
    url: Url,
    tags: Type.Array(Text(40), { default: [] }),
  },
  { additionalProperties: false },
);

export const Service = Type.Object(
  { title: Text(120), text: Text(600) },
  { additionalProperties: false },
);

/** The public portfolio shown on /resume. Everything here reaches the browser. */
export const Portfolio = Type.Object(
  {
    hero: Type.Object(
      { name: Text(120), roles: Type.Array(Text(80), { minItems: 1 }), intro: Text(400) },
      { additionalProperties: false },
    ),
    about: Type.Object(
      {
        heading: Text(200),
        paragraphs: Type.Array(Text(2000), { minItems: 1 }),
        facts: Type.Array(
          Type.Object({ label: Text(60), value: Text(200) }, { additionalProperties: false }),
          { default: [] },
        ),
      },
      { additionalProperties: false },
    ),
    skills: Type.Array(Skill, { minItems: 1 }),
    resume: Type.Object(
      {
        summary: Text(1000),
        education: Type.Array(ResumeEntry),
        experience: Type.Array(ResumeEntry),
      },
      { additionalProperties: false },
    ),
    /** Optional: without products (or services) the page leaves that section out. */
    products: Type.Optional(Type.Array(DemoProduct)),
    services: Type.Optional(Type.Array(Service)),
    contact: Type.Object(
      {
        intro: Text(600),
        email: Type.String({ format: 'email', maxLength: 320 }),
        phone: Type.Optional(Text(60)),
        location: Type.Optional(Text(200)),
      },
      { additionalProperties: false },
    ),
    /** The sections' labels, headings and leads, where the defaults do not fit. */
    sections: Type.Optional(SectionsConfig),
  },
  { additionalProperties: false },
);
export type Portfolio = Static<typeof Portfolio>;

/** `content/site.yaml`: the site, its categories, the landing cards and the portfolio. */
export const SiteConfig = Type.Object(
  {
    site: Type.Object(
      {
        title: Text(120),
        description: Text(300),
        url: ContentUrl({ paths: false }, 500),
        language: Type.String({
          pattern: '^[a-z]{2}(-[A-Z]{2})?$',
          default: 'en',
          patternErrorMessage: 'not a language code; write en, or en-GB for a region',
        }),
        author: Text(120),
      },
      { additionalProperties: false },
    ),
    landing: Type.Object(
      {
        student: Type.Object(
          {
            title: Text(120),
            text: Text(400),
            // Optional: the card shows its button only with a url; the label has a default.
            link_label: Type.Optional(Text(60)),
            url: Type.Optional(Url),
          },
          { additionalProperties: false },
        ),
        employer: Type.Object(
          { title: Text(120), text: Text(400) },
          { additionalProperties: false },
        ),
      },
      { additionalProperties: false },
    ),
    categories: Type.Array(CategoryConfig, { minItems: 1 }),
    portfolio: Portfolio,
    /** The owner's logo, photo, icon, accent colours, font and code theme (brand.ts). */
    brand: Type.Optional(BrandConfig),
    /** The owner's profiles and addresses, in the order shown. */
    links: Type.Optional(OwnerLinks),
    /** Top-bar entries after the specification's own. */
    navigation: Type.Optional(Navigation),
  },
  { additionalProperties: false },
);
export type SiteConfig = Static<typeof SiteConfig>;

/** What the browser receives of the site config (`GET /api/site`): never secrets, never server paths. */
export const PublicSite = Type.Object({
  site: SiteConfig.properties.site,
  landing: SiteConfig.properties.landing,
  portfolio: Portfolio,
  brand: Type.Optional(BrandConfig),
  links: Type.Optional(OwnerLinks),
  navigation: Type.Optional(Navigation),
  contact_enabled: Type.Boolean(),
  images: Type.Optional(
    Type.Record(Type.String(), ImageVariants, {
      description: "The files of the portfolio's images, by file name",
    }),
  ),
  share_image: Type.Optional(
    Type.Object(ServedFile.properties, {
      description:
        "The site's 1200×630 link-preview card (og:image of every page but a post's), drawn from its title, description and brand",
    }),
  ),
});
export type PublicSite = Static<typeof PublicSite>;
