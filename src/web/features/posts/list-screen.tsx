import type { ReactNode } from 'react';
import type { PostPage } from '../../../shared/schemas/api.js';
import { Pagination } from '../pagination/index.js';
import { Sidebar } from '../reader/index.js';
import { CardGrid } from './post-card.js';
import './posts.css';

interface ListScreenProps {
  heading: ReactNode;
  /** A live line under the heading (a search's count): read out when it changes. */
  status?: ReactNode;
  page: PostPage;
  hrefFor: (page: number) => string;
  empty: ReactNode;
  selectedCategory: number;
  onSelectCategory?: (id: number) => void;
  /** Search results show a selector only when there is more than one page. */
  alwaysPaginate?: boolean;
}

/** The shared body of the list screens: sidebar, card grid and page selector. */
export function ListScreen(props: ListScreenProps) {
  const { page } = props;
  const showPager = props.alwaysPaginate !== false || page.last_page > 1;
  return (
    <>
      <Sidebar selected={props.selectedCategory} onSelect={props.onSelectCategory} />
      <main id="main">
        {/* A live region may not sit inside a heading: the status is its sibling. */}
        <h1 className={props.status ? 'page-heading page-heading--above-status' : 'page-heading'}>
          {props.heading}
        </h1>
        {props.status && (
          <p className="page-status" role="status">
            {props.status}
          </p>
        )}
        {page.data.length > 0 ? (
          <CardGrid posts={page.data} />
        ) : (
          <div className="empty-state">{props.empty}</div>
        )}
        {showPager && (
          <Pagination current={page.current_page} last={page.last_page} hrefFor={props.hrefFor} />
        )}
      </main>
    </>
  );
}

/** " · Page 2" for page titles; nothing on page 1. */
export function pageSuffix(page: PostPage): string {
  return page.current_page > 1 ? ` · Page ${page.current_page}` : '';
}
