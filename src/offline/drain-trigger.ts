// The doorbell for the outbox: commands ring it, whoever can drain (page loop, service
// worker) answers. Owns only the registered handler and the coalescing timer.
// Never drains by itself and never knows about tokens: the handler decides how to drain.
// No window, localStorage or React here: commands and the service worker both import it.

type DrainHandler = () => Promise<unknown>;

let handler: DrainHandler | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;

/**
 * Who drains in this context (the page's drain loop, or the service worker). Returns the
 * unset function, which leaves a newer handler alone (React StrictMode mounts twice).
 */
export function setDrainHandler(next: DrainHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

/**
 * Asks for a drain soon. Calls within `delayMs` of the first one share one drain, so a burst
 * of commands (quiz answers) goes out in one pass. Without a handler nothing happens: the
 * rows wait in IndexedDB for the next drain.
 */
export function requestDrain(delayMs = 200): void {
  if (!handler || timer) return;
  timer = setTimeout(() => {
    timer = null;
    // A failing drain must never surface here: the rows stay queued and the next trigger retries.
    handler?.().catch(() => undefined);
  }, delayMs);
}
