import { startTransition, useEffect, useState, type DependencyList } from 'react';

/** The longest a start-up task waits for an idle moment on a page that never has one. */
export const IDLE_TIMEOUT_MS = 2_000;
/** Without requestIdleCallback (Safari), a short delay lets the first frames paint first. */
export const IDLE_FALLBACK_MS = 200;

interface IdleGlobal {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
}

/**
 * Runs `task` once the browser is idle after painting (at the latest after `timeoutMs`), so
 * work nobody sees at start (service worker, outbox drain, idle timers, warm-up imports) never
 * adds a long task to the first paint. Returns a cancel function.
 */
export function runWhenIdle(task: () => void, timeoutMs = IDLE_TIMEOUT_MS): () => void {
  const host = globalThis as IdleGlobal;
  if (typeof host.requestIdleCallback === 'function') {
    const handle = host.requestIdleCallback(task, { timeout: timeoutMs });
    return () => host.cancelIdleCallback?.(handle);
  }
  const timer = setTimeout(task, Math.min(IDLE_FALLBACK_MS, timeoutMs));
  return () => clearTimeout(timer);
}

/** Resolves in a task of its own: the browser may paint and answer input before what follows. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** useEffect that starts at the first idle moment; its cleanup runs on unmount or change either way. */
export function useIdleEffect(effect: () => void | (() => void), deps: DependencyList): void {
  useEffect(() => {
    let cleanup: void | (() => void);
    let cancelled = false;
    const cancel = runWhenIdle(() => {
      if (!cancelled) cleanup = effect();
    });
    return () => {
      cancelled = true;
      cancel();
      cleanup?.();
    };
    // The caller lists the effect's dependencies, as with useEffect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}

/**
 * False during the first paint, true from the first idle moment on: mounts what can wait, as a
 * transition, so it renders in slices and never interrupts the first screen's own render.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => runWhenIdle(() => startTransition(() => setIdle(true))), []);
  return idle;
}
