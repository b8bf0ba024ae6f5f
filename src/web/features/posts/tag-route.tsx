import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { pagePath } from '../../../shared/paths.js';
import type { PostPage } from '../../../shared/schemas/api.js';
import { dataSource, existingPage, load, pageParam } from '../../data/loader-data.js';
import { routeHandle } from '../../head.js';
import { ReaderError } from '../reader/index.js';
import { ListScreen, pageSuffix } from './list-screen.js';

interface TagData {
  page: PostPage;
  tag: { slug: string; name: string };
}

export async function loader({ request, params, context }: LoaderFunctionArgs): Promise<TagData> {
  const slug = params.tag ?? '';
  if (slug.length > 200) throw data('Not Found', { status: 404 });
  const source = dataSource(context);
  const [page, tags] = await load(() =>
    Promise.all([source.tagPage(pageParam(request.url), slug), source.tags()]),
  );
  const tag = tags.find((t) => t.slug === slug);
  if (!tag) throw data('Not Found', { status: 404 });
  return { page: existingPage(page), tag: { slug: tag.slug, name: tag.name } };
}

export const handle = routeHandle<typeof loader>(({ page, tag }, site) => ({
  title: `#${tag.name}${pageSuffix(page)} · ${site.title}`,
  description: `Posts tagged ${tag.name} on ${site.title}.`,
}));

/** The posts of one tag: the same screen as a category's (sidebar, card grid, page selector). */
export function Component() {
  const { page, tag } = useLoaderData<typeof loader>();
  return (
    <ListScreen
      heading={
        <>
          #{tag.name}
          <small>
            {page.total} {page.total === 1 ? 'post' : 'posts'} tagged {tag.name}
          </small>
        </>
      }
      page={page}
      hrefFor={(n) => pagePath.tag(tag.slug, n)}
      empty="No posts with this tag yet."
      selectedCategory={0}
    />
  );
}

export const ErrorBoundary = ReaderError;
