import { useEffect } from 'react';
import { startDraining } from '#offline/session-lifecycle';

/**
 * Sends queued actions while someone is signed in; stops on sign-out. A change of user
 * (simulated navigation) restarts it, and each row goes out with its own user's sync
 * credential or token (drainTokenFor), signed-out users' rows included.
 */
export function useDrainLoop(userId: number | null): void {
  useEffect(() => {
    if (userId === null) return undefined;
    return startDraining();
  }, [userId]);
}
