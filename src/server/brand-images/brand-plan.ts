import { createHash } from 'node:crypto';
import type { ImageRecord } from '../../shared/image-variants.js';
import type { SiteConfig } from '../../shared/schemas/site-config.js';
import { brandLook, type BrandLook } from './brand-look.js';
import { drawCard } from './card-drawing.js';
import type { CardText } from './card-template.js';
import { iconProblem } from './icon-check.js';
import { drawIconSet, ICON_FILES, type IconFile } from './icon-set.js';
import type { SourceImage } from './source-image.js';

/**
 * Part of every hash: changing how the brand's images are drawn changes all their names, so they
 * are drawn again and no cache anywhere keeps the old ones.
 */
const DRAWING = 'brand-1';

/** Under IMAGES_DIR: the icons and the site's card, and the posts' cards (drawn on first request). */
export const BRAND_DIR = 'brand';
export const CARDS_DIR = 'cards';

/** How the images of the content the brand draws from are read (the import's folder, the served files). */
export type SourceOf = (image: ImageRecord) => Promise<SourceImage>;

/**
 * What a site's brand images are, named by the hash of all they are drawn from: the same site
 * config and images give the same names, so that whoever finds a file under its name (the import,
 * another instance, a restart) knows it is the one wanted and draws nothing.
 */
export interface BrandPlan {
  site: SiteConfig;
  look: BrandLook;
  /** The published image of `brand.icon`, when it is one that can be; else the monogram is drawn. */
  icon?: ImageRecord;
  /** The published image of `brand.logo`, laid on the cards; else the monogram is. */
  logo?: ImageRecord;
  /** The icon's files under BRAND_DIR. */
  icons: Record<IconFile, string>;
  /** The site's own card under BRAND_DIR: the link preview of every page but a post's. */
  siteCard: string;
  /** Everything a post's card is drawn from but its title. */
  cardKey: string;
}

const hashOf = (...parts: string[]) =>
  createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 12);

/** The site's own card: its title, its description, its author. */
const siteCardText = (site: SiteConfig): CardText => ({
  title: site.site.title,
  subtitle: site.site.description,
  footer: site.site.author,
});

/** The brand images of a site config, its published images looked up by `image`. */
export function brandPlan(
  site: SiteConfig,
  image: (name: string) => ImageRecord | undefined,
): BrandPlan {
  const look = brandLook(site);
  const lookKey = JSON.stringify(look);
  const named = site.brand?.icon ? image(site.brand.icon) : undefined;
  const icon = named && !iconProblem(named) ? named : undefined;
  const logoImage = site.brand?.logo ? image(site.brand.logo) : undefined;
  // A drawing that gives no size of its own has no proportions to lay out by: the monogram stands in.
  const logo = logoImage?.width && logoImage.height ? logoImage : undefined;
  const iconHash = hashOf(DRAWING, 'icon', lookKey, icon?.hash ?? 'monogram');
  const card = siteCardText(site);
  return {
    site,
    look,
    icon,
    logo,
    icons: Object.fromEntries(
      Object.entries(ICON_FILES).map(([file, { suffix }]) => [file, `icon.${iconHash}.${suffix}`]),
    ) as Record<IconFile, string>,
    siteCard: `site.${hashOf(DRAWING, 'site', lookKey, logo?.hash ?? '', card.title, card.subtitle!, card.footer)}.png`,
    cardKey: hashOf(DRAWING, 'post', lookKey, logo?.hash ?? '', site.site.title),
  };
}

/** The file name under CARDS_DIR of the card of the post `slug` titled `title`. */
export const postCardName = (plan: BrandPlan, slug: string, title: string) =>
  `${slug}.${hashOf(plan.cardKey, title)}.png`;

/** Every file of the icon, by its name under BRAND_DIR. */
export async function drawIcons(plan: BrandPlan, sourceOf: SourceOf): Promise<Map<string, Buffer>> {
  const set = await drawIconSet(plan.look, plan.icon ? await sourceOf(plan.icon) : undefined);
  return new Map(Object.entries(set).map(([file, bytes]) => [plan.icons[file as IconFile], bytes]));
}

const logoOf = async (plan: BrandPlan, sourceOf: SourceOf) =>
  plan.logo ? sourceOf(plan.logo) : undefined;

/** The site's card, by its name under BRAND_DIR. */
export async function drawSiteCard(
  plan: BrandPlan,
  sourceOf: SourceOf,
): Promise<Map<string, Buffer>> {
  const bytes = await drawCard(siteCardText(plan.site), plan.look, await logoOf(plan, sourceOf));
  return new Map([[plan.siteCard, bytes]]);
}

/** A post's card: its title over the site's name. */
export async function drawPostCard(
  plan: BrandPlan,
  title: string,
  sourceOf: SourceOf,
): Promise<Buffer> {
  return drawCard({ title, footer: plan.site.site.title }, plan.look, await logoOf(plan, sourceOf));
}
