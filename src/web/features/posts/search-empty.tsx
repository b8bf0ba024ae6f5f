import { Link } from '../../components/ui/link.js';
import { pagePath } from '../../../shared/paths.js';
import type { Category, PostCard } from '../../../shared/schemas/api.js';
import { CardGrid } from './post-card.js';
import './search.css';

/** The posts and categories a search that found nothing offers instead. */
export interface SearchSuggestions {
  categories: Category[];
  recent: PostCard[];
}

/** What a search that matched nothing says, and where it lets the reader go next. */
export function SearchEmpty({
  text,
  suggestions,
}: {
  text: string;
  suggestions: SearchSuggestions;
}) {
  const categories = suggestions.categories.filter((category) => category.post_count > 0);
  return (
    <div className="search-empty">
      <p className="search-empty__advice">
        Nothing matched “{text}”. Check the spelling, or try fewer or more general words: every word
        must appear in a post for it to match.
      </p>
      {categories.length > 0 && (
        <nav aria-labelledby="search-empty-categories">
          <h2 id="search-empty-categories">Browse the categories</h2>
          <ul className="search-empty__categories">
            {categories.map((category) => (
              <li key={category.id}>
                <Link to={pagePath.category(category.id)}>
                  {category.name} ({category.post_count})
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {suggestions.recent.length > 0 && (
        <section aria-labelledby="search-empty-recent">
          <h2 id="search-empty-recent">The most recent posts</h2>
          <CardGrid posts={suggestions.recent} />
        </section>
      )}
    </div>
  );
}
