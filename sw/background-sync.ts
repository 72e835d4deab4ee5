// Background Sync: drains the outbox from the service worker, so queued work leaves when the
// network returns even after every tab closed (Chromium), and on a page's {type:'DRAIN'} message.
// Rows go out only with write-only sync credentials: the worker cannot see the page's session.
// Never reads personal data and never drops a row (drain.ts owns the outcome rules).
import { drainOutbox, OUTBOX_SYNC_TAG, type DrainSummary, type OutboxSyncedMessage } from '#offline/drain';
import { releaseSignedOutCredentials, syncTokenFor } from '#offline/sync-credential';

/** lib.webworker has no Background Sync types yet. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  /** The browser will not fire this sync again if it fails now. */
  readonly lastChance: boolean;
}

interface DrainMessage {
  type: 'DRAIN';
}

function isDrainMessage(data: unknown): data is DrainMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'DRAIN';
}

/**
 * One drain pass with the sync credentials; a signed-out user's emptied queue frees theirs.
 * Open pages hear what was sent or refused: their own drain was kept out by this one.
 */
export async function drainFromWorker(self: ServiceWorkerGlobalScope): Promise<DrainSummary> {
  // The network just came back (or a page asked): rows backing off from a dead network may go.
  const summary = await drainOutbox({ getToken: syncTokenFor, ignoreBackoff: true });
  if (summary.sent + summary.failed === 0) return summary;
  await releaseSignedOutCredentials().catch(() => undefined);
  const message: OutboxSyncedMessage = { type: 'OUTBOX_SYNCED', summary };
  const pages = await self.clients.matchAll({ type: 'window' }).catch(() => []);
  pages.forEach((page) => page.postMessage(message));
  return summary;
}

export function registerBackgroundSync(self: ServiceWorkerGlobalScope): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== OUTBOX_SYNC_TAG) return;
    sync.waitUntil(
      drainFromWorker(self).then((summary) => {
        // Rejecting asks the browser to fire the sync again later, with its own backoff.
        // A pass skipped for another drain (a tab's) leaves the rows to that drain.
        if (summary.remaining > 0 && !summary.skipped && !sync.lastChance) {
          throw new Error(`${summary.remaining} acciones siguen pendientes`);
        }
      }),
    );
  });

  self.addEventListener('message', (event) => {
    if (!isDrainMessage(event.data)) return;
    event.waitUntil(drainFromWorker(self).then(() => undefined));
  });
}
