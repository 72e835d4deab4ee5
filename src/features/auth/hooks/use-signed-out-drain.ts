import { useEffect } from 'react';
import { mayHavePendingRows } from '#offline/pending-rows';

/**
 * On the login screen nobody is signed in, yet a previous user may have left unsent work
 * (shared kiosk). Safari and Firefox have no Background Sync, so the page itself keeps
 * sending those rows with their write-only sync credentials. The drain (Dexie, the outbox,
 * the sync credentials) loads only when the outbox holds rows to send, asked of IndexedDB
 * without Dexie: most visits to /login leave nothing to send and load none of it. Nobody can
 * queue work while signed out, so an outbox empty now stays empty on this screen.
 */
export function useSignedOutDrain(): void {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void mayHavePendingRows()
      .then((pending) => (pending && !cancelled ? import('#offline/session-lifecycle') : null))
      .then((lifecycle) => {
        if (lifecycle && !cancelled) stop = lifecycle.startDraining();
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);
}
