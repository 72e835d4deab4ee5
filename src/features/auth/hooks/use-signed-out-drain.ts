import { useEffect } from 'react';

/**
 * On the login screen nobody is signed in, yet a previous user may have left unsent work
 * (shared kiosk). Safari and Firefox have no Background Sync, so the page itself keeps
 * sending those rows with their write-only sync credentials. Loaded lazily so the login
 * bundle does not carry the offline database.
 */
export function useSignedOutDrain(): void {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('#offline/session-lifecycle').then(({ startDraining }) => {
      if (!cancelled) stop = startDraining();
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);
}
