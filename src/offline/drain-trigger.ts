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

/**
 * Drains now and waits for it, for at most `timeoutMs`: a request that depends on what is
 * queued (a quiz started right after its video's last report) sends the queue first. A drain
 * that hangs on a dead network only delays the request; it never fails it.
 */
export async function drainFirst(timeoutMs = 5_000): Promise<void> {
  if (!handler) return;
  let timeout: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([handler().catch(() => undefined), new Promise((resolve) => (timeout = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(timeout);
}
