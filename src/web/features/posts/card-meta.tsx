import type { PostCard } from '../../../shared/schemas/api.js';
import { useCategories } from '../categories/index.js';
import { longDate } from './long-date.js';
import { readingTime } from './reading-time.js';
import { TagList } from './tag-list.js';

/** A card's date, category, reading time and tags. */
export function CardMeta({ post }: { post: PostCard }) {
  const category = useCategories().items.find((c) => c.id === post.category_id);
  const minutes = readingTime(post.reading_minutes);
  return (
    <>
      <p className="card__meta">
        <time dateTime={post.published_at}>{longDate(post.published_at)}</time>
        {category && <span>{category.name}</span>}
        {minutes && <span>{minutes}</span>}
      </p>
      <TagList tags={post.tags} label={`Tags of ${post.name}`} />
    </>
  );
}
