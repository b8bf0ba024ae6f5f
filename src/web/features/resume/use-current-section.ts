import { useEffect, useState } from 'react';
import type { SectionId } from './sections.js';

/**
 * The section that crosses a thin band a third of the way down the viewport. Starts at the
 * first section, on the server and during hydration alike.
 */
export function useCurrentSection(ids: readonly SectionId[]): [SectionId, (id: SectionId) => void] {
  const [current, setCurrent] = useState<SectionId>(ids[0] ?? 'hero');

  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const hit = entries.find((entry) => entry.isIntersecting);
        if (hit) setCurrent(hit.target.id as SectionId);
      },
      { rootMargin: '-30% 0px -65% 0px', threshold: 0 },
    );
    for (const id of ids) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [ids]);

  return [current, setCurrent];
}
