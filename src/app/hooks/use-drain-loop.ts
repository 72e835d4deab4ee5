import { useIdleEffect } from '#app/hooks/run-when-idle.ts';

/**
 * Sends queued actions while someone is signed in; stops on sign-out. Starts once the first
 * paint is done (it reads the outbox and may send). A change of user (simulated navigation)
 * restarts it, and each row goes out with its own user's sync credential or token
 * (drainTokenFor), signed-out users' rows included. The drain code is fetched then, not before
 * the first paint.
 */
export function useDrainLoop(userId: number | null): void {
  useIdleEffect(() => {
    if (userId === null) return undefined;
    let stop: (() => void) | undefined;
    let stopped = false;
    void import('#offline/session-lifecycle').then(({ startDraining }) => {
      if (!stopped) stop = startDraining();
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [userId]);
}
