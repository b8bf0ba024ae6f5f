import { redirect, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { pagePath } from '../../../shared/paths.js';
import type { Category, PostPage } from '../../../shared/schemas/api.js';
import { dataSource, existingPage, load, pageParam } from '../../data/loader-data.js';
import { routeHandle } from '../../head.js';
import { useCategories } from '../categories/index.js';
import { ReaderError } from '../reader/index.js';
import { ListScreen, pageSuffix } from './list-screen.js';

interface PostsData {
  page: PostPage;
  /** 0 means all categories. */
  category: number;
}

function categoryParam(url: URL): number {
  const id = Number(url.searchParams.get('category') ?? '0');
  return Number.isInteger(id) && id > 0 ? id : 0;
}

export async function loader({ request, context }: LoaderFunctionArgs): Promise<PostsData> {
  const url = new URL(request.url);
  // The search form without JavaScript arrives here as /posts?q=text.
  const q = url.searchParams.get('q');
  if (q !== null) throw redirect(q.trim() ? pagePath.search(q.trim()) : pagePath.posts());
  const category = categoryParam(url);
  const page = await load(() =>
    dataSource(context).postsPage(pageParam(request.url), category || undefined),
  );
  return { page: existingPage(page), category };
}

export const handle = routeHandle<typeof loader>(({ page }, site) => ({
  title: `All posts${pageSuffix(page)} · ${site.title}`,
  description: site.description,
}));

export function Component() {
  const { page, category } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const { items } = useCategories();
  const name = items.find((c: Category) => c.id === category)?.name;
  return (
    <ListScreen
      heading={
        <>
          {name ?? 'All posts'}
          <small>
            {page.total} {page.total === 1 ? 'post' : 'posts'}
          </small>
        </>
      }
      page={page}
      hrefFor={(n) => pagePath.posts({ category, page: n })}
      empty="No posts here yet."
      selectedCategory={category}
      onSelectCategory={(id) => navigate(pagePath.posts({ category: id }))}
    />
  );
}

export const ErrorBoundary = ReaderError;
