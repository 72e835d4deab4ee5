import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '#api/http';
import { disablePush, enablePush, pushState, type PushState } from '../push-device.ts';

/** This device's push state, and turning it on or off (each a tap: the browser asks permission). */
export function usePushDevice() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(() => pushState().then(setState, () => setState('unsupported')), []);
  useEffect(() => void refresh(), [refresh]);

  const run = useCallback(
    async (action: () => Promise<void>) => {
      setBusy(true);
      setError(null);
      try {
        await action();
      } catch (failure) {
        setError(failure instanceof Error ? failure.message : errorMessage(failure));
      } finally {
        setBusy(false);
        await refresh();
      }
    },
    [refresh],
  );

  return { state, busy, error, enable: () => run(enablePush), disable: () => run(disablePush) };
}
