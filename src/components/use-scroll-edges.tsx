import { startTransition, useCallback, useEffect, useRef, useState } from 'react';

export interface ScrollEdges {
  /** More content hidden to the left / to the right. */
  before: boolean;
  after: boolean;
}

/**
 * Whether a horizontally scrolling element hides content on either side, kept up to date (the
 * home's attribute avatars, the ranking's attribute strip).
 */
export function useScrollEdges<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [edges, setEdges] = useState<ScrollEdges>({ before: false, after: false });

  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    // One pixel of slack: zoomed layouts leave fractions at the ends.
    const before = el.scrollLeft > 1;
    const after = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    // The edge shadows can wait for a render already under way (the screen's first).
    startTransition(() => setEdges((prev) => (prev.before === before && prev.after === after ? prev : { before, after })));
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    el.addEventListener('scroll', measure, { passive: true });
    // The observer's first call comes once the browser has laid the page out: measuring here
    // instead would force that layout inside the screen's first commit (a long task at start).
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [measure]);

  return { ref, edges };
}
