import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { PostPage } from '../../../shared/schemas/api.js';
import { dataSource, load, pageParam } from '../../data/loader-data.js';
import { routeHandle } from '../../head.js';
import { ReaderError } from '../reader/index.js';
import { ListScreen } from './list-screen.js';

interface SearchData {
  text: string;
  page: PostPage;
}

export async function loader({
  request,
  params,
  context,
}: LoaderFunctionArgs): Promise<SearchData> {
  const text = (params.text ?? '').slice(0, 500);
  const page = await load(() => dataSource(context).search(text, pageParam(request.url)));
  return { text, page };
}

export const handle = routeHandle<typeof loader>(({ text }, site) => ({
  title: `Search: ${text} · ${site.title}`,
  description: `Posts matching “${text}”.`,
  noindex: true,
}));

export function Component() {
  const { text, page } = useLoaderData<typeof loader>();
  const base = `/posts/${encodeURIComponent(text)}`;
  return (
    <ListScreen
      heading={
        <>
          Search results for “{text}”
          <small role="status">
            {page.total} {page.total === 1 ? 'post' : 'posts'} found
          </small>
        </>
      }
      page={page}
      hrefFor={(n) => (n > 1 ? `${base}?page=${n}` : base)}
      empty={`No posts match “${text}”. Try other words.`}
      selectedCategory={-1}
      alwaysPaginate={false}
    />
  );
}

export const ErrorBoundary = ReaderError;
