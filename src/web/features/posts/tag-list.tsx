import { Link } from '../../components/ui/link.js';
import { pagePath } from '../../../shared/paths.js';
import type { TagRef } from '../../../shared/schemas/tags.js';

/** A post's tags as links to their pages; nothing when it has none. */
export function TagList({ tags, label }: { tags: readonly TagRef[]; label: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className="tag-list" aria-label={label}>
      {tags.map((tag) => (
        <li key={tag.slug}>
          <Link to={pagePath.tag(tag.slug)} className="tag-list__tag">
            #{tag.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
