import { useEffect, useState } from 'react';
import { elapsedSince } from '#domain/quiz-flow';
import { markQuestionShown } from '#features/quiz/commands.ts';

const TICK_MS = 250;

/**
 * A question's timer: the moment it was first shown on this device (kept across reloads) and
 * the time since, ticking while `running`. Both are null until the device has recorded (or, after
 * a reload, read back) that moment: the screen never shows a time it does not know.
 */
export function useQuestionTimer(participationId: number, questionId: number, running: boolean) {
  const [shownAt, setShownAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    let cancelled = false;
    const start = (at: number) => {
      if (cancelled) return;
      setShownAt(at);
      setNow(Date.now());
    };
    // Storage refused: time from now, so the question can still be answered.
    markQuestionShown(participationId, questionId).then(start, () => start(Date.now()));
    return () => {
      cancelled = true;
    };
  }, [participationId, questionId]);

  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [running]);

  return { shownAt, elapsedMs: shownAt === null ? null : elapsedSince(shownAt, now) };
}
