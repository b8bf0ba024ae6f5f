import { Link } from '../../components/ui/link.js';
import { pageItems } from './page-items.js';
import './pagination.css';

interface PaginationProps {
  current: number;
  last: number;
  /** The address of a page, keeping the rest of the query (category, search text). */
  hrefFor: (page: number) => string;
}

/** The page selector: real links, so it works without JavaScript and keeps shareable URLs. */
export function Pagination({ current, last, hrefFor }: PaginationProps) {
  const items = pageItems(current, last);
  const edge = (label: string, page: number, enabled: boolean, rel: string) =>
    enabled ? (
      <Link className="pagination__link" to={hrefFor(page)} rel={rel}>
        {label}
      </Link>
    ) : (
      <span className="pagination__link" aria-disabled="true">
        {label}
      </span>
    );
  return (
    <nav className="pagination" aria-label="Pagination">
      <ul>
        <li>{edge('Previous', Math.min(current - 1, last), current > 1, 'prev')}</li>
        {items.map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                className="pagination__link"
                to={hrefFor(item)}
                aria-current={item === current ? 'page' : undefined}
                aria-label={`Page ${item}`}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>{edge('Next', current + 1, current < last, 'next')}</li>
      </ul>
    </nav>
  );
}
