import { useRef, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../../components/ui/link.js';
import { pageParams, pagePath } from '../../../shared/paths.js';
import { ServerMarkup } from '../../components/ui/server-markup.js';
import { useSiteMeta } from '../../data/site-meta.js';
import { useCategories } from '../categories/index.js';
import '../../components/ui/menu-icon.css';

interface TopBarProps {
  sidebarVisible: boolean;
  onToggleSidebar: () => void;
}

/**
 * Logo, the 'List' dropdown of categories, the sidebar toggle and the search box; then the
 * owner's own entries. The logo and those entries are the server's markup (data/owner-parts.ts).
 */
export function TopBar({ sidebarVisible, onToggleSidebar }: TopBarProps) {
  const site = useSiteMeta();
  return (
    <header className="top-bar">
      <Link to={pagePath.landing()} className="top-bar__logo">
        <ServerMarkup part="mark" className="top-bar__mark" />
        <span>{site?.title ?? 'Home'}</span>
      </Link>
      <CategoryList />
      <button
        type="button"
        className="top-bar__toggle"
        aria-label="Toggle sidebar"
        aria-expanded={sidebarVisible}
        aria-controls="sidebar"
        onClick={onToggleSidebar}
      >
        <span className="menu-icon" aria-hidden="true" />
      </button>
      <SearchBox />
      <ServerMarkup part="navigation" className="top-bar__nav" />
    </header>
  );
}

function CategoryList() {
  const { items } = useCategories();
  const location = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);

  // Escape closes the menu from anywhere inside it and gives focus back to its button.
  function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>) {
    if (event.key !== 'Escape' || !menu.current?.open) return;
    event.preventDefault();
    menu.current.open = false;
    menu.current.querySelector('summary')?.focus();
  }

  return (
    // Keyed by location so that the menu closes after choosing a category.
    <details className="top-bar__list" key={location.key} ref={menu} onKeyDown={closeOnEscape}>
      <summary>List</summary>
      <ul>
        {items.map((category) => (
          <li key={category.id}>
            <Link to={pagePath.category(category.id)}>{category.name}</Link>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The text of a search results address (/posts/{text}), or '' elsewhere. */
function searchedText(pathname: string): string {
  const text = pageParams('search', pathname)?.text;
  if (!text) return '';
  try {
    return decodeURIComponent(text);
  } catch {
    return '';
  }
}

/**
 * The box is the form's own field, not React state: text typed before the page hydrates is
 * still there and is what Enter sends, and without JavaScript the form sends it as /posts?q=.
 * It shows the query on its results page.
 */
function SearchBox() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const searched = searchedText(pathname);

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    if (query === '') return;
    navigate(pagePath.search(query));
  }

  return (
    <form
      role="search"
      className="top-bar__search"
      action={pagePath.posts()}
      method="get"
      onSubmit={search}
    >
      <label htmlFor="search-text" className="visually-hidden">
        Search posts
      </label>
      <input
        // A new results page shows its own query; typing does not remount the field.
        key={searched}
        id="search-text"
        name="q"
        type="search"
        placeholder="Search posts"
        defaultValue={searched}
        maxLength={500}
      />
      <button type="submit" className="button">
        Search
      </button>
    </form>
  );
}
