import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Spec 9: a card fades in once, when 18 % of it is on screen. */
const THRESHOLD = 0.18;

/**
 * Whether the element has been seen. Without IntersectionObserver it counts as seen at once;
 * reduced motion is handled in CSS (no transition), so the card never waits to appear.
 */
export function useReveal<T extends Element>() {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  // In view at the first layout (the first screenful): shown at once, before the first paint,
  // with no fade. Only what is scrolled into view fades in (spec: "when scrolled into view").
  const [instant, setInstant] = useState(false);

  useLayoutEffect(() => {
    const box = ref.current?.getBoundingClientRect();
    if (box && box.top < window.innerHeight && box.bottom > 0) {
      setSeen(true);
      setInstant(true);
    }
  }, []);

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

  return { ref, seen, instant };
}
