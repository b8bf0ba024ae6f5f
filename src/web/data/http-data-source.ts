import type { DataSource, SearchPage } from '../../shared/data-source.js';
import { apiPath } from '../../shared/paths.js';
import type { Category, PostPage, PostWithRelated, SearchCard } from '../../shared/schemas/api.js';
import type { PostPreview } from '../../shared/schemas/preview.js';
import type { PublicSite } from '../../shared/schemas/site-config.js';
import type { TagSummary } from '../../shared/schemas/tags.js';

/** A failed API call: `status` is the HTTP status, 0 when the network failed. */
export class FetchError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function request(url: string, init?: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, ...init });
  } catch {
    throw new FetchError(0, 'The network is unreachable');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new FetchError(response.status, body?.error?.message ?? response.statusText);
  }
  return response;
}

const json = async <T>(url: string): Promise<T> => (await request(url)).json() as Promise<T>;

/** The browser's data source: the JSON API of the same origin. */
export const httpDataSource: DataSource = {
  site: () => json<PublicSite>(apiPath.site()),
  categories: () => json<Category[]>(apiPath.postcates()),
  postsPage: (page, categoryId) =>
    json<PostPage>(
      categoryId === undefined ? apiPath.posts(page) : apiPath.postsCate(categoryId, page),
    ),
  post: (slug) => json<PostWithRelated>(apiPath.post(slug)),
  preview: (token) => json<PostPreview>(apiPath.preview(token)),
  tags: () => json<TagSummary[]>(apiPath.tags()),
  tagPage: (page, tag) =>
    json<PostPage>(apiPath.postsTag(tag, page)),
  async search(text, page): Promise<SearchPage> {
    const response = await request(apiPath.search(text, page));
    const data = (await response.json()) as SearchCard[];
    const number = (name: string, fallback: number) => Number(response.headers.get(name) ?? fallback);
    return {
      data,
      current_page: page,
      last_page: number('x-last-page', 1),
      per_page: number('x-per-page', data.length),
      total: number('x-total-count', data.length),
      capped: response.headers.get('x-total-capped') === 'true',
    };
  },
  async checkEmployer(email) {
    try {
      const response = await request(apiPath.employerCheck(), {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ email }),
      });
      const body = (await response.json()) as { allowed: boolean };
      return { allowed: body.allowed === true, status: response.status };
    } catch (error) {
      return { allowed: false, status: error instanceof FetchError ? error.status : 0 };
    }
  },
};
