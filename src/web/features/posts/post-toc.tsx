import type { TocEntry } from '../../../shared/schemas/api.js';
import './post-toc.css';

function TocList({ toc }: { toc: TocEntry[] }) {
  const top = Math.min(...toc.map((entry) => entry.depth));
  return (
    <ol className="toc__list">
      {toc.map((entry) => (
        <li key={entry.id} className={entry.depth > top ? 'toc__sub' : undefined}>
          <a href={`#${entry.id}`}>{entry.text}</a>
        </li>
      ))}
    </ol>
  );
}

/**
 * A post's table of contents (stored at import for posts with 3 headings or more): beside the
 * text on wide screens, a native `<details>` above it on narrower ones; the CSS shows one of the
 * two, so no script decides.
 */
export function PostToc({ toc }: { toc: TocEntry[] }) {
  if (toc.length === 0) return null;
  return (
    <>
      <details className="toc toc--collapsible">
        <summary>Contents</summary>
        <nav aria-label="Table of contents">
          <TocList toc={toc} />
        </nav>
      </details>
      <nav className="toc toc--aside" aria-label="Table of contents">
        <p className="toc__title">Contents</p>
        <TocList toc={toc} />
      </nav>
    </>
  );
}
