import type { ExcerptSegment } from '../../../shared/schemas/api.js';
import './search.css';

/**
 * Where a search matched a post: the engine's passage as runs of text, the matched words in
 * <mark>. Each run is rendered as text, so nothing of a post or a query is read as markup.
 */
export function SearchExcerpt({ segments }: { segments: ExcerptSegment[] }) {
  return (
    <p className="card__excerpt">
      {segments.map((segment, index) =>
        segment.mark ? <mark key={index}>{segment.text}</mark> : segment.text,
      )}
    </p>
  );
}
