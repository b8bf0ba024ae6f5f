import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useNavigate, useNavigation } from 'react-router';
import { Link } from '../../components/ui/link.js';
import { pageParams, pagePath } from '../../../shared/paths.js';
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
  if (location.pathname === pagePath.posts())
    return Number(new URLSearchParams(location.search).get('category')) || 0;
  const id = pageParams('category', location.pathname)?.id;
  return id && /^\d+$/.test(id) ? Number(id) : undefined;
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

const ARROWS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

/**
 * The check of a radio group whose arrow keys move it without choosing: Enter or Space chooses
 * the one checked, as mouse and touch choose at once. Leaving the group forgets a moved check.
 */
function useArrowsThenEnter(shown: number, choose: (id: number) => void) {
  const arrowKey = useRef(false);
  const [pending, setPending] = useState<number | null>(null);

  function changed(id: number) {
    if (arrowKey.current) {
      arrowKey.current = false;
      setPending(id);
    } else {
      setPending(null);
      choose(id);
    }
  }

  function keyDown(event: KeyboardEvent<HTMLFieldSetElement>) {
    if (ARROWS.has(event.key)) arrowKey.current = true;
    else if ((event.key === 'Enter' || event.key === ' ') && pending !== null) {
      event.preventDefault();
      setPending(null);
      if (pending !== shown) choose(pending);
    }
  }

  function left(event: FocusEvent<HTMLFieldSetElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) setPending(null);
  }

  return { checked: pending ?? shown, changed, keyDown, left };
}

/**
 * Radios as a native group, with one change: the arrow keys move the check without showing the
 * category yet, and Enter or Space shows it (otherwise every arrow press would load a page on
 * the way to the one wanted). Mouse and touch choose at once. A choice made before the page
 * hydrated is honoured when it does.
 */
function CategoryChoice({ selected, onSelect }: Pick<SidebarProps, 'selected' | 'onSelect'>) {
  const { items, loading } = useCategories();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const shown = (navigation.location && categoryOf(navigation.location)) ?? selected;
  const choose =
    onSelect ?? ((id: number) => navigate(id === 0 ? pagePath.posts() : pagePath.category(id)));
  const { checked, changed, keyDown, left } = useArrowsThenEnter(shown, choose);
  const options = onSelect
    ? [{ id: 0, name: 'All posts', post_count: undefined }, ...items]
    : items;

  useEffect(() => {
    const clicked = form.current?.querySelector<HTMLInputElement>('input[type=radio]:checked');
    if (clicked && Number(clicked.value) !== shown) choose(Number(clicked.value));
    // Once, on hydration: later changes come through the handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    // Without JavaScript the choice is sent as /posts?category=id.
    <form action={pagePath.posts()} method="get" aria-busy={loading} ref={form} data-keeps-focus>
      <fieldset onKeyDown={keyDown} onBlur={left} aria-describedby="category-keys">
        <legend className="visually-hidden">Categories</legend>
        <p id="category-keys" className="visually-hidden">
          Arrow keys move between categories; Enter or Space shows the one checked.
        </p>
        {options.map((category) => (
          <CategoryRadio
            key={category.id}
            category={category}
            checked={category.id === checked}
            onChange={() => changed(category.id)}
          />
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

/** One category of the group, with its count of posts when it has one. */
function CategoryRadio({
  category,
  checked,
  onChange,
}: {
  category: { id: number; name: string; post_count?: number };
  checked: boolean;
  onChange: () => void;
}) {
  return (
    <label className="sidebar__option">
      <input
        type="radio"
        name="category"
        value={category.id}
        checked={checked}
        onChange={onChange}
      />
      <span>{category.name}</span>
      {category.post_count !== undefined && (
        <span className="sidebar__count">{category.post_count}</span>
      )}
    </label>
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
            <Link to={pagePath.post(post.slug)}>{post.name}</Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
