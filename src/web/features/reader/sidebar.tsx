import { Link, useNavigate, useNavigation } from 'react-router';
import type { RelatedPost } from '../../../shared/schemas/api.js';
import { useCategories } from '../categories/index.js';
import { useSidebarVisible } from './reader-layout.js';

interface SidebarProps {
  /** The checked category; 0 means all. */
  selected: number;
  /** On /posts a choice filters in place; elsewhere it goes to /cate/{id}. */
  onSelect?: (categoryId: number) => void;
  related?: RelatedPost[];
}

/** The category a pending navigation is going to show, so that a choice shows at once. */
function categoryOf(location: { pathname: string; search: string }): number | undefined {
  if (location.pathname === '/posts')
    return Number(new URLSearchParams(location.search).get('category')) || 0;
  const match = /^\/cate\/(\d+)$/.exec(location.pathname);
  return match ? Number(match[1]) : undefined;
}

/** The 'Categories' accordion of radio buttons and, on a post, the 'Relative Posts' accordion. */
export function Sidebar({ selected, onSelect, related = [] }: SidebarProps) {
  const visible = useSidebarVisible();
  return (
    <aside id="sidebar" className="sidebar" aria-label="Sidebar" hidden={!visible}>
      <details className="sidebar__section" open>
        <summary>Categories</summary>
        <CategoryChoice selected={selected} onSelect={onSelect} />
        <CategoriesRetry />
      </details>
      {related.length > 0 && <RelatedPosts posts={related} />}
    </aside>
  );
}

function CategoryChoice({ selected, onSelect }: Pick<SidebarProps, 'selected' | 'onSelect'>) {
  const { items, loading } = useCategories();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const checked = (navigation.location && categoryOf(navigation.location)) ?? selected;
  const choose = onSelect ?? ((id: number) => navigate(id === 0 ? '/posts' : `/cate/${id}`));
  const options = onSelect
    ? [{ id: 0, name: 'All posts', post_count: undefined }, ...items]
    : items;
  return (
    // Without JavaScript the choice is sent as /posts?category=id.
    <form action="/posts" method="get" aria-busy={loading}>
      <fieldset>
        <legend className="visually-hidden">Categories</legend>
        {options.map((category) => (
          <label key={category.id} className="sidebar__option">
            <input
              type="radio"
              name="category"
              value={category.id}
              checked={category.id === checked}
              onChange={() => choose(category.id)}
            />
            <span>{category.name}</span>
            {category.post_count !== undefined && (
              <span className="sidebar__count">{category.post_count}</span>
            )}
          </label>
        ))}
      </fieldset>
      <noscript>
        <button type="submit" className="button button--secondary">
          Show
        </button>
      </noscript>
    </form>
  );
}

function CategoriesRetry() {
  const { failed, loading, retry } = useCategories();
  if (!failed) return null;
  return (
    <p role="alert" className="sidebar__error">
      Categories could not be loaded.{' '}
      <button type="button" className="button button--secondary" disabled={loading} onClick={retry}>
        Retry
      </button>
    </p>
  );
}

function RelatedPosts({ posts }: { posts: RelatedPost[] }) {
  return (
    <details className="sidebar__section" open>
      <summary>Relative Posts</summary>
      <ul className="sidebar__related">
        {posts.map((post) => (
          <li key={post.slug}>
            <Link to={`/${post.slug}`}>{post.name}</Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
