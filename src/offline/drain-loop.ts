// The page's drain schedule: Safari and Firefox have no Background Sync, so the page drains
// on start-up, when the network returns, when the tab becomes visible, after any successful
// API request, and every 30 s. Owns those triggers and the refresh of what was sent.
// Window code: the service worker must import drain.ts, never this file.
import { revalidateKeys } from './cache.ts';
import { drainOutbox, OUTBOX_SYNC_TAG, type DrainOptions, type DrainSummary } from './drain.ts';
import { requestDrain, setDrainHandler } from './drain-trigger.ts';
import { getSession } from './session.ts';

export interface DrainLoopOptions {
  /** Defaults to the stored session's token for that user (see sessionTokenFor). */
  getToken?: DrainOptions['getToken'];
  /** After a pass that sent or refused rows; affected keys already shown are refreshed first. */
  onSent?: (summary: DrainSummary) => void;
  intervalMs?: number;
  fetch?: typeof fetch;
  baseUrl?: string;
}

/** The session's token when `userId` is the signed-in user or the supervisor behind them. */
export function sessionTokenFor(userId: number): string | null {
  const session = getSession();
  if (session.user?.id === userId) return session.token;
  if (session.originalUser?.id === userId) return session.originalToken;
  return null;
}

/** Starts draining in this page. Returns the stop function. */
export function startDrainLoop(options: DrainLoopOptions = {}): () => void {
  const drain = async (ignoreBackoff: boolean): Promise<void> => {
    const summary = await drainOutbox({
      getToken: options.getToken ?? sessionTokenFor,
      fetch: options.fetch,
      baseUrl: options.baseUrl,
      ignoreBackoff,
    });
    if (summary.remaining > 0) registerBackgroundSync();
    if (summary.sent + summary.failed === 0) return;
    await revalidateKeys(summary.affected);
    options.onSent?.(summary);
  };
  // Coming back online or starting up: rows backing off from a dead network may go now.
  const drainNow = () => void drain(true).catch(() => undefined);
  const onVisibility = () => {
    if (document.visibilityState === 'visible') requestDrain(0);
  };
  const unsetHandler = setDrainHandler(() => drain(false));
  window.addEventListener('online', drainNow);
  document.addEventListener('visibilitychange', onVisibility);
  const timer = setInterval(() => requestDrain(0), options.intervalMs ?? 30_000);
  drainNow();
  return () => {
    unsetHandler();
    window.removeEventListener('online', drainNow);
    document.removeEventListener('visibilitychange', onVisibility);
    clearInterval(timer);
  };
}

/** The API client calls this after any successful request: the network works, so drain. */
export function notifyRequestSucceeded(): void {
  requestDrain();
}

interface SyncCapableRegistration {
  sync?: { register: (tag: string) => Promise<void> };
}

/** Where supported (Chromium), let the service worker drain even after this tab closes. */
function registerBackgroundSync(): void {
  navigator.serviceWorker?.ready
    .then((registration) => (registration as unknown as SyncCapableRegistration).sync?.register(OUTBOX_SYNC_TAG))
    .catch(() => undefined);
}
