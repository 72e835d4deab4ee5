// The page's drain schedule: Safari and Firefox have no Background Sync, so the page drains
// on start-up, when the network returns, when the tab becomes visible, after any successful
// API request, and every 30 s. Owns those triggers and the refresh of what was sent.
// Window code: the service worker must import drain.ts, never this file.
import { revalidateKeys } from './cache.ts';
import { drainOutbox, isOutboxSyncedMessage, OUTBOX_SYNC_TAG, whenDrainIdle, type DrainOptions, type DrainSummary } from './drain.ts';
import { requestDrain, setDrainHandler } from './drain-trigger.ts';
import { getSession } from './session.ts';
import { releaseSignedOutCredentials, syncTokenFor } from './sync-credential.ts';

export interface DrainLoopOptions {
  /** Defaults to the user's sync credential, else the stored session's token (drainTokenFor). */
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

// Sync tokens the server refused (401) in this page: their users fall back to the session.
const refusedSyncTokens = new Set<string>();

/**
 * The token a user's queued rows go out with: their write-only sync credential (the same one
 * the service worker uses, so both paths behave alike), else the session's token. While a
 * supervisor browses as this user, only the impersonation token: it tells the server that a
 * supervisor acted (no IMPs), which the agent's own credential would not.
 */
export async function drainTokenFor(userId: number): Promise<string | null> {
  const session = getSession();
  if (session.originalUser && session.user?.id === userId) return session.token;
  const sync = await syncTokenFor(userId).catch(() => null);
  if (sync && !refusedSyncTokens.has(sync)) return sync;
  return sessionTokenFor(userId);
}

function rememberRefused(_userId: number, token: string): void {
  refusedSyncTokens.add(token);
}

/** Starts draining in this page. Returns the stop function. */
export function startDrainLoop(options: DrainLoopOptions = {}): () => void {
  const drain = async (ignoreBackoff: boolean, afterSkip = false): Promise<void> => {
    const summary = await drainOutbox({
      getToken: options.getToken ?? drainTokenFor,
      onUnauthorized: rememberRefused,
      fetch: options.fetch,
      baseUrl: options.baseUrl,
      ignoreBackoff,
    });
    if (summary.skipped && summary.remaining > 0 && !afterSkip) {
      // Another context (the service worker, another tab) is draining, perhaps with a request
      // hung on a dead network: once it lets go, this page sends what is still waiting.
      await whenDrainIdle();
      return drain(ignoreBackoff, true);
    }
    if (summary.remaining > 0) registerBackgroundSync();
    if (summary.sent + summary.failed === 0) return;
    // A signed-out user's last row may just have left: their credential is no longer needed.
    await releaseSignedOutCredentials({ fetch: options.fetch, baseUrl: options.baseUrl }).catch(() => undefined);
    await refreshAfter(summary);
  };
  const refreshAfter = async (summary: DrainSummary): Promise<void> => {
    await revalidateKeys(summary.affected);
    options.onSent?.(summary);
  };
  // The service worker drained (Background Sync when the network returned): this page's own
  // pass was skipped for its lock, so what the worker sent is refreshed from its message.
  const onWorkerMessage = (event: MessageEvent) => {
    if (isOutboxSyncedMessage(event.data)) void refreshAfter(event.data.summary).catch(() => undefined);
  };
  // Coming back online or starting up: rows backing off from a dead network may go now.
  const drainNow = () => void drain(true).catch(() => undefined);
  const onVisibility = () => {
    if (document.visibilityState === 'visible') requestDrain(0);
  };
  const unsetHandler = setDrainHandler(() => drain(false));
  window.addEventListener('online', drainNow);
  document.addEventListener('visibilitychange', onVisibility);
  navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
  const timer = setInterval(() => requestDrain(0), options.intervalMs ?? 30_000);
  drainNow();
  return () => {
    unsetHandler();
    window.removeEventListener('online', drainNow);
    document.removeEventListener('visibilitychange', onVisibility);
    navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
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
export function registerBackgroundSync(): void {
  navigator.serviceWorker?.ready
    .then((registration) => (registration as unknown as SyncCapableRegistration).sync?.register(OUTBOX_SYNC_TAG))
    .catch(() => undefined);
}
