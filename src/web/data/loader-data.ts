import { data as routeData } from 'react-router';
import type { DataSource, LoaderContext } from '../../shared/data-source.js';

/**
 * The JSON API client, fetched on its first call: a page hydrates from the data the server wrote
 * into it, so the browser needs the client only when the reader moves on (or retries a load).
 */
const apiDataSource = new Proxy({} as DataSource, {
  get:
    (_target, name: keyof DataSource) =>
    async (...args: unknown[]) => {
      const { httpDataSource } = await import('./http-data-source.js');
      return (httpDataSource[name] as (...a: unknown[]) => Promise<unknown>)(...args);
    },
});

/** The data source of this render: in-process on the server, the JSON API in the browser. */
export function dataSource(context: unknown): DataSource {
  return (context as LoaderContext | undefined)?.data ?? apiDataSource;
}

function statusOf(error: unknown): number | undefined {
  const e = error as { status?: unknown; statusCode?: unknown } | null;
  const status = e?.status ?? e?.statusCode;
  return typeof status === 'number' ? status : undefined;
}

/**
 * Runs a load; a 404 from either source becomes the router's 404 response, and so does a 410 of
 * a removed post met in the browser (the server answers such a page with its own 410).
 */
export async function load<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const status = statusOf(error);
    if (status === 404 || status === 400 || status === 410) throw routeData('Not Found', { status: 404 });
    throw error;
  }
}

/**
 * A list's page as loaded, when it is one of the list's pages. A page past the last one shows
 * nothing of its own (the API answers it with an empty `data`): as a page of the site it is a 404.
 */
export function existingPage<Page extends { current_page: number; last_page: number }>(
  page: Page,
): Page {
  if (page.current_page > page.last_page) throw routeData('Not Found', { status: 404 });
  return page;
}

/** A positive page number from the query string; anything else means page 1. */
export function pageParam(url: string): number {
  const page = Number(new URL(url).searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}
