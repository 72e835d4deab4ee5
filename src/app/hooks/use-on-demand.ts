import { useCallback, useEffect, useRef, useState, type ComponentType, type KeyboardEvent, type RefObject } from 'react';
import { DemandLoader } from '#app/hooks/demand-loader.ts';
import { runWhenIdle } from '#app/hooks/run-when-idle.ts';

/** How the loaded control starts: opened (the stand-in was activated), focused (it had focus). */
export interface OnDemandStart {
  openOnMount: boolean;
  focusOnMount: boolean;
  /** The loaded control took over: a later remount starts closed and unfocused. */
  onStarted: () => void;
}

interface Ready<P> {
  Component: ComponentType<P & OnDemandStart>;
  openOnMount: boolean;
  focusOnMount: boolean;
}

/**
 * A control that paints as a plain stand-in button and takes its real component on the first
 * sign of intent (pointer over or down, focus, a key). Spread `standIn` on the stand-in; once
 * `Loaded`, render it with `start`, which carries over what the user did meanwhile
 * (DemandLoader says how a press is kept from being lost). The file is fetched at the first
 * idle moment already, so the control also opens offline before a service worker caches it.
 */
export function useOnDemand<P>(load: () => Promise<ComponentType<P & OnDemandStart>>) {
  const ref = useRef<HTMLButtonElement>(null);
  const [ready, setReady] = useState<Ready<P> | null>(null);
  const [loader] = useState(
    () =>
      new DemandLoader(load, (Component, openOnMount) =>
        setReady({ Component, openOnMount, focusOnMount: openOnMount || document.activeElement === ref.current }),
      ),
  );
  useEffect(() => runWhenIdle(() => void load().catch(() => undefined)), [load]);
  const onStarted = useCallback(() => setReady((prev) => prev && { ...prev, openOnMount: false, focusOnMount: false }), []);

  // The click follows pointerup (or keyup for Space) in the same task: let it land first.
  const releaseLater = () => setTimeout(() => loader.release(), 0);

  const standIn = {
    ref,
    onPointerEnter: () => loader.intent(),
    onFocus: () => loader.intent(),
    // A Space held while the focus moved away ends on another element: nothing to wait for.
    onBlur: () => loader.release(),
    onPointerDown: () => {
      loader.press();
      window.addEventListener('pointerup', releaseLater, { once: true });
      window.addEventListener('pointercancel', releaseLater, { once: true });
    },
    onKeyDown: (event: KeyboardEvent) => (event.key === ' ' ? loader.press() : loader.intent()),
    onKeyUp: (event: KeyboardEvent) => {
      if (event.key === ' ') releaseLater();
    },
    onClick: () => loader.activate(),
  };

  const start: OnDemandStart | null = ready && { openOnMount: ready.openOnMount, focusOnMount: ready.focusOnMount, onStarted };
  return { Loaded: ready?.Component ?? null, start, standIn };
}

/**
 * In the loaded control: take over from the stand-in as a click would have, focus on the
 * target first and then open, so the control returns focus to it when it closes.
 */
export function useTakeOver(target: RefObject<HTMLElement | null>, { openOnMount, focusOnMount, onStarted }: OnDemandStart, open: () => void): void {
  useEffect(() => {
    if (!openOnMount && !focusOnMount) return;
    if (focusOnMount) target.current?.focus();
    if (openOnMount) open();
    onStarted();
  }, [target, openOnMount, focusOnMount, onStarted, open]);
}
