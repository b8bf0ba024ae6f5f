import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { pagePath } from '../../../shared/paths.js';
import type { PostPage } from '../../../shared/schemas/api.js';
import { dataSource, existingPage, load, pageParam } from '../../data/loader-data.js';
import { routeHandle } from '../../head.js';
import { ReaderError } from '../reader/index.js';
import { ListScreen, pageSuffix } from './list-screen.js';

export interface CategoryData {
  page: PostPage;
  category: { id: number; name: string };
}

export async function loader({
  request,
  params,
  context,
}: LoaderFunctionArgs): Promise<CategoryData> {
  const id = Number(params.id);
  if (!/^\d+$/.test(params.id ?? '') || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)
    throw data('Not Found', { status: 404 });
  const source = dataSource(context);
  const [page, categories] = await load(() =>
    Promise.all([source.postsPage(pageParam(request.url), id), source.categories()]),
  );
  const category = categories.find((c) => c.id === id);
  if (!category) throw data('Not Found', { status: 404 });
  return { page: existingPage(page), category: { id: category.id, name: category.name } };
}

export const handle = routeHandle<typeof loader>(({ page, category }, site) => ({
  title: `${category.name}${pageSuffix(page)} · ${site.title}`,
  description: `Posts about ${category.name} on ${site.title}.`,
}));

export function Component() {
  const { page, category } = useLoaderData<typeof loader>();
  return (
    <ListScreen
      heading={
        <>
          {category.name}
          <small>
            {page.total} {page.total === 1 ? 'post' : 'posts'}
          </small>
        </>
      }
      page={page}
      hrefFor={(n) => pagePath.category(category.id, n)}
      empty="No posts in this category yet."
      selectedCategory={category.id}
    />
  );
}

export const ErrorBoundary = ReaderError;
