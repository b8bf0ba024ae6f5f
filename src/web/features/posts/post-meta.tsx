import { Link } from '../../components/ui/link.js';
import { pagePath } from '../../../shared/paths.js';
import type { PostDetail } from '../../../shared/schemas/api.js';
import { longDate } from './long-date.js';
import { readingTime } from './reading-time.js';
import { TagList } from './tag-list.js';

/** Under a post's title: when it was published (and revised), its category, reading time, tags. */
export function PostMeta({ post }: { post: PostDetail }) {
  const minutes = readingTime(post.reading_minutes);
  return (
    <div className="post__meta">
      <p>
        <span>
          Published <time dateTime={post.published_at}>{longDate(post.published_at)}</time>
        </span>
        {post.modified_at && (
          <span>
            Updated <time dateTime={post.modified_at}>{longDate(post.modified_at)}</time>
          </span>
        )}
        <span>
          in <Link to={pagePath.category(post.category.id)}>{post.category.name}</Link>
        </span>
        {minutes && <span>{minutes}</span>}
      </p>
      <TagList tags={post.tags} label="Tags" />
    </div>
  );
}
