import { useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { SiteMeta } from '../head.js';
import { dataSource } from './loader-data.js';

/** The root route's loader: the site's name and description, which every page shows. */
export async function rootLoader({ context }: LoaderFunctionArgs): Promise<SiteMeta> {
  return (await dataSource(context).site()).site;
}

/** The root loader's data from any route; undefined when that loader failed. */
export function useSiteMeta() {
  return useRouteLoaderData<typeof rootLoader>('root');
}
