import { useCallback, useEffect, useRef, useState } from 'react';
import type { SectionId } from './sections.js';

/** What a person does to scroll by hand: it ends a chosen section's hold on the mark. */
const SCROLLING_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * The section that crosses a thin band a third of the way down the viewport. Starts at the
 * first section, on the server and during hydration alike. A section chosen from the navigation
 * stays current while the page scrolls to it: a smooth scroll passes other sections through the
 * band, and the last section may never reach it (the page ends first). The hold ends when the
 * scroll does, or at the person's next scrolling input if no scroll happens.
 */
export function useCurrentSection(ids: readonly SectionId[]): [SectionId, (id: SectionId) => void] {
  const [current, setCurrent] = useState<SectionId>(ids[0] ?? 'hero');
  const held = useRef<(() => void) | undefined>(undefined);

  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (held.current) return;
        const hit = entries.find((entry) => entry.isIntersecting);
        if (hit) setCurrent(hit.target.id as SectionId);
      },
      { rootMargin: '-30% 0px -65% 0px', threshold: 0 },
    );
    for (const id of ids) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    return () => {
      observer.disconnect();
      held.current?.();
    };
  }, [ids]);

  const choose = useCallback((id: SectionId) => {
    held.current?.();
    setCurrent(id);
    const release = () => {
      window.removeEventListener('scrollend', release);
      for (const type of SCROLLING_INPUT) window.removeEventListener(type, onInput, true);
      held.current = undefined;
    };
    // The click that chose the section is over by now; only later input ends the hold.
    const onInput = () => release();
    window.addEventListener('scrollend', release);
    for (const type of SCROLLING_INPUT)
      window.addEventListener(type, onInput, { capture: true, passive: true });
    held.current = release;
  }, []);

  return [current, choose];
}
