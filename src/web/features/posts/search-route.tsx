import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { pagePath } from '../../../shared/paths.js';
import type { SearchResultPage } from '../../../shared/schemas/api.js';
import { dataSource, existingPage, load, pageParam } from '../../data/loader-data.js';
import { routeHandle } from '../../head.js';
import { ReaderError } from '../reader/index.js';
import { ListScreen } from './list-screen.js';
import { SearchEmpty, type SearchSuggestions } from './search-empty.js';
import { matchCount } from './search-match-count.js';

/** Cards of the most recent posts a search that found nothing shows. */
const RECENT_CARDS = 4;

interface SearchData {
  text: string;
  page: SearchResultPage;
  /** Only when nothing matched. */
  suggestions: SearchSuggestions | null;
}

export async function loader({
  request,
  params,
  context,
}: LoaderFunctionArgs): Promise<SearchData> {
  const text = (params.text ?? '').slice(0, 500);
  const source = dataSource(context);
  const page = await load(() => source.search(text, pageParam(request.url)));
  if (page.total > 0) return { text, page: existingPage(page), suggestions: null };
  const [categories, recent] = await Promise.all([source.categories(), source.postsPage(1)]);
  return { text, page, suggestions: { categories, recent: recent.data.slice(0, RECENT_CARDS) } };
}

export const handle = routeHandle<typeof loader>(({ text }, site) => ({
  title: `Search: ${text} · ${site.title}`,
  description: `Posts matching “${text}”.`,
  noindex: true,
}));

export function Component() {
  const { text, page, suggestions } = useLoaderData<typeof loader>();
  return (
    <ListScreen
      heading={`Search results for “${text}”`}
      status={matchCount(page, text)}
      page={page}
      hrefFor={(n) => pagePath.search(text, n)}
      empty={suggestions && <SearchEmpty text={text} suggestions={suggestions} />}
      selectedCategory={-1}
      alwaysPaginate={false}
    />
  );
}

export const ErrorBoundary = ReaderError;
