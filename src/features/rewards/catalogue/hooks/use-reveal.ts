import { useEffect, useRef, useState } from 'react';

/** Spec 9: a card fades in once, when 18 % of it is on screen. */
const THRESHOLD = 0.18;

/**
 * Whether the element has been seen. Without IntersectionObserver it counts as seen at once;
 * reduced motion is handled in CSS (no transition), so the card never waits to appear.
 */
export function useReveal<T extends Element>() {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || seen) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        setSeen(true);
        observer.disconnect();
      },
      { threshold: THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);

  return { ref, seen };
}
