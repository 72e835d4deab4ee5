import { useCallback, useEffect, useRef, useState } from 'react';
import { idlePhase } from '#app/hooks/idle-phase.ts';

/** Last activity (ms epoch) of any tab of this app, so work in one tab keeps the others alive. */
export const ACTIVITY_STORAGE_KEY = 'impecable.activity';

// pointermove and scroll fire many times a second: share the time at most this often.
const PERSIST_EVERY_MS = 5_000;
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

function readShared(): number {
  try {
    const value = Number(globalThis.localStorage?.getItem(ACTIVITY_STORAGE_KEY));
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

function writeShared(at: number): void {
  try {
    globalThis.localStorage?.setItem(ACTIVITY_STORAGE_KEY, String(at));
  } catch {
    // Storage full or blocked: this tab still counts its own activity.
  }
}

export interface IdleSignOutOptions {
  enabled: boolean;
  idleMs: number;
  /** Called once when the idle time is over. */
  onExpire: () => void;
}

export interface IdleSignOutState {
  /** Seconds before the sign-out while the warning shows; null otherwise. */
  secondsLeft: number | null;
  /** "Seguir conectado": counts as activity, here and in every other tab. */
  stayConnected: () => void;
}

/**
 * Signs an idle kiosk session out: after `idleMs` without pointer, keyboard, touch, scroll or
 * visibility activity in any tab, with a warning in the last minute. While the warning shows,
 * only an explicit "Seguir conectado" (here or activity in another tab) keeps the session.
 */
export function useIdleSignOut({ enabled, idleMs, onExpire }: IdleSignOutOptions): IdleSignOutState {
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const lastLocal = useRef(0);
  const lastPersisted = useRef(0);
  const warning = useRef(false);
  const check = useRef<() => void>(() => undefined);
  const onExpireRef = useRef(onExpire);

  useEffect(() => {
    onExpireRef.current = onExpire;
  }, [onExpire]);

  const record = useCallback((force: boolean) => {
    const now = Date.now();
    lastLocal.current = now;
    if (force || now - lastPersisted.current >= PERSIST_EVERY_MS) {
      lastPersisted.current = now;
      writeShared(now);
    }
  }, []);

  useEffect(() => {
    if (!enabled) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let expired = false;

    const phaseNow = () => {
      const now = Date.now();
      // A stored time in the future (clock changed, or tampering) counts as now, not later.
      const last = Math.min(Math.max(lastLocal.current, readShared()), now);
      return idlePhase(last, now, idleMs);
    };
    const run = () => {
      clearTimeout(timer);
      if (expired) return;
      const phase = phaseNow();
      if (phase.phase === 'expired') {
        expired = true;
        warning.current = false;
        setSecondsLeft(null);
        onExpireRef.current();
        return;
      }
      warning.current = phase.phase === 'warning';
      setSecondsLeft(phase.phase === 'warning' ? phase.secondsLeft : null);
      timer = setTimeout(run, phase.nextCheckInMs);
    };
    check.current = run;

    const onActivity = () => {
      // Past the deadline (a device waking from sleep) activity must not revive the session,
      // and the warning asks for an explicit click.
      if (warning.current || phaseNow().phase === 'expired') return run();
      record(false);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') onActivity();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === ACTIVITY_STORAGE_KEY) run();
    };

    // Opening a signed-in page is activity.
    record(true);
    run();
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { capture: true, passive: true });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('storage', onStorage);
    return () => {
      clearTimeout(timer);
      check.current = () => undefined;
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('storage', onStorage);
      warning.current = false;
      setSecondsLeft(null);
    };
  }, [enabled, idleMs, record]);

  const stayConnected = useCallback(() => {
    record(true);
    check.current();
  }, [record]);

  return { secondsLeft, stayConnected };
}
