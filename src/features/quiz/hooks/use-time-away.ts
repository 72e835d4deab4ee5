import { useEffect, useState } from 'react';
import { elapsedSince } from '#domain/quiz-flow';

/**
 * How long the question's clock had run when the agent came back to it, or null while they never
 * left. Back means: the question was first shown before this screen mounted (a reload, the app
 * reopened, another screen and back), or the page turned visible again after being hidden.
 * The clock itself never stops (useQuestionTimer): this only lets the screen say so.
 */
export function useTimeAway(shownAt: number | null, running: boolean): number | null {
  const [mountedAt] = useState(() => Date.now());
  const [awayMs, setAwayMs] = useState<number | null>(null);

  useEffect(() => {
    // A moment recorded before this mount was read back: the clock ran while the agent was away.
    if (shownAt !== null && shownAt < mountedAt) setAwayMs(elapsedSince(shownAt, Date.now()));
  }, [shownAt, mountedAt]);

  useEffect(() => {
    if (shownAt === null || !running) return undefined;
    const onVisibility = () => {
      if (document.visibilityState === 'visible') setAwayMs(elapsedSince(shownAt, Date.now()));
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [shownAt, running]);

  return running ? awayMs : null;
}
