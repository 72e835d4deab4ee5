// The public run-time configuration (GET /config: Google client id, demo mode, partner URL,
// idle minutes, corporate domain). It does not change while the app runs, so every fetch goes
// through loadAppConfig: at most one request per page load. Signed-in screens (menu, idle
// timer, partner link, user import) read it stale-while-revalidate from the device
// (useCachedAppConfig in shared-reads.ts): an offline start asks the network for nothing, an
// online one paints without waiting for it. useAppConfig (network only) serves the sign-in
// screens alone, which must not load the offline database and cannot work offline anyway.
import { startTransition, useCallback, useEffect, useState } from 'react';
import type { AppConfig } from '#contract/session';
import { fetchAppConfig } from '#api/config';
import { errorMessage } from '#api/http';

let resolved: AppConfig | undefined;
let pending: Promise<AppConfig> | undefined;

/** The configuration: one request per page load, whoever asks; a failure lets the next call retry. */
export function loadAppConfig(): Promise<AppConfig> {
  pending ??= fetchAppConfig().then(
    (config) => (resolved = config),
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

export interface AppConfigState {
  config: AppConfig | undefined;
  error: string | null;
  isLoading: boolean;
  retry: () => void;
}

/** The configuration from the network (no device copy): only for screens with no one signed in. */
export function useAppConfig(): AppConfigState {
  const [config, setConfig] = useState<AppConfig | undefined>(resolved);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (config) return undefined;
    let live = true;
    // An answer renders as a transition, like every cached read's (offline/use-cached-query.ts).
    loadAppConfig().then(
      (value) => live && startTransition(() => setConfig(value)),
      (reason: unknown) => live && startTransition(() => setError(errorMessage(reason))),
    );
    return () => {
      live = false;
    };
  }, [config, attempt]);

  const retry = useCallback(() => {
    setError(null);
    setAttempt((n) => n + 1);
  }, []);

  return { config, error, isLoading: !config && !error, retry };
}
