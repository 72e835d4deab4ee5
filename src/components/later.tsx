import { useDeferredValue, type ReactNode } from 'react';

/**
 * A part of a screen below its first view, rendered and committed after the rest: the screen's
 * first commit (and the style and layout work that follows it) is smaller, and the part comes in
 * a render of its own, in slices, in a later task (React's useDeferredValue with an initial
 * value). Only for the tail of a screen, so nothing above it moves when it arrives.
 */
export function Later({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : fallback;
}
