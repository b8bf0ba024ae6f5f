import { profileUrls } from '../shared/owner-links.js';
import type { PostWithRelated } from '../shared/schemas/api.js';
import type { OwnerLink } from '../shared/schemas/brand.js';
import {
  categoryLd,
  personLd,
  postLd,
  webSiteLd,
  type StructuredData,
} from '../shared/structured-data.js';
import type { CategoryData } from './features/posts/category-route.js';
import type { ResumeData } from './features/resume/resume-route.js';
import type { SiteMeta } from './head.js';

type Built = readonly StructuredData[];
/** The site, and the owner's profiles elsewhere (the Person's `sameAs`). */
type Owned = SiteMeta & { sameAs: string[] };

/** The schema.org objects of each route's page, from its loader's data. */
const BY_ROUTE = {
  landing: (_data: unknown, site: Owned): Built => [webSiteLd(site)],
  resume: (data: ResumeData, site: Owned): Built =>
    data.portfolio?.hero ? [personLd(site, data.portfolio)] : [],
  category: (data: CategoryData, site: Owned): Built => [categoryLd(site, data.category)],
  post: (data: PostWithRelated, site: Owned): Built => postLd(site, data.post),
};

/**
 * The structured data of a rendered page: that of its deepest route that has any, none for an
 * error page. Imported by the server entry only, so that the browser never loads the builders
 * (the route handles' meta, which the browser runs for the title, carries none).
 */
export function pageStructuredData(
  matches: readonly { id: string; loaderData: unknown }[],
  site: SiteMeta,
  status: number,
  links: readonly OwnerLink[] = [],
): Built {
  if (status >= 400) return [];
  const owned: Owned = { ...site, sameAs: profileUrls(links) };
  for (const match of [...matches].reverse()) {
    const build = BY_ROUTE[match.id as keyof typeof BY_ROUTE] as
      ((data: unknown, site: Owned) => Built) | undefined;
    if (build && match.loaderData !== undefined) return build(match.loaderData, owned);
  }
  return [];
}
