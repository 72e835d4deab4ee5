import { useEffect, useState } from 'react';
import type { ResultRow } from '#contract/quiz';
import { CORRECTION_DELAY_MS } from '#domain/quiz';
import type { OutboxRow } from '#offline/outbox';

/** What the screen shows after "Corregir y continuar": waiting, the correction, or "saved for later". */
export type CorrectionPhase = 'checking' | 'corrected' | 'saved';

/** Online, the correction normally arrives well within this; past it, the answer waits in the outbox. */
const CORRECTION_WAIT_MS = 8_000;
/** Sent but no correction yet: ask for the results again after this long. */
const RESULTS_RETRY_MS = 1_500;

interface CorrectionInput {
  /** The server's correction of the submitted question, once it is known. */
  result: ResultRow | undefined;
  /** The answer's outbox row while it is on the device; undefined once sent. */
  row: OutboxRow | undefined;
  refreshResults: () => Promise<void>;
  /** The correction (or the "saved" notice) has been on screen for 2 s, or the answer was refused. */
  onDone: () => void;
}

/**
 * Spec 4 and decisions "Quiz timing that works offline": online, the correction shows at once
 * and stays 2 s; offline (or when the server does not answer in time) the screen says the
 * answer is saved and moves on after the same 2 s. A refused answer ends the wait at once.
 */
export function useCorrection({ result, row, refreshResults, onDone }: CorrectionInput): CorrectionPhase {
  const [timedOut, setTimedOut] = useState(false);
  const [offline, setOffline] = useState(() => globalThis.navigator?.onLine === false);
  const sent = row === undefined;
  const retrying = row !== undefined && row.attempts > 0 && row.status === 'pending';
  const refused = row?.status === 'failed';
  const phase: CorrectionPhase = result ? 'corrected' : offline || retrying || timedOut ? 'saved' : 'checking';

  useEffect(() => {
    const goOffline = () => setOffline(true);
    window.addEventListener('offline', goOffline);
    const timer = setTimeout(() => setTimedOut(true), CORRECTION_WAIT_MS);
    return () => {
      window.removeEventListener('offline', goOffline);
      clearTimeout(timer);
    };
  }, []);

  // Sent, but the refreshed results have not brought the correction: ask once more.
  useEffect(() => {
    if (!sent || result) return undefined;
    const timer = setTimeout(() => void refreshResults(), RESULTS_RETRY_MS);
    return () => clearTimeout(timer);
  }, [sent, result, refreshResults]);

  useEffect(() => {
    if (refused) {
      onDone();
      return undefined;
    }
    if (phase === 'checking') return undefined;
    const timer = setTimeout(onDone, CORRECTION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phase, refused, onDone]);

  return phase;
}
