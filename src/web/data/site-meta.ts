import { useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { OwnerLink } from '../../shared/schemas/brand.js';
import type { SiteMeta } from '../head.js';
import { dataSource } from './loader-data.js';
import { ownerParts, type OwnerParts } from './owner-parts.js';

/** What every page shows of the site: its name and description, and the owner's parts. */
export interface RootData {
  site: SiteMeta;
  owner: Partial<OwnerParts>;
  /** The owner's links as written, for the head and the structured data the server writes. */
  links: OwnerLink[];
}

/** The root route's loader: what every page shows of the site. */
export async function rootLoader({ context }: LoaderFunctionArgs): Promise<RootData> {
  const site = await dataSource(context).site();
  return { site: site.site, owner: ownerParts(context, site), links: site.links ?? [] };
}

/** The site's name, description and address from any route; undefined when the root loader failed. */
export function useSiteMeta(): SiteMeta | undefined {
  return useRouteLoaderData<typeof rootLoader>('root')?.site;
}
