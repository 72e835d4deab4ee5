import { useCallback, useEffect, useState } from 'react';
import type { AppConfig } from '#contract/session';
import { fetchAppConfig } from '#api/config';
import { errorMessage } from '#api/http';

// One request per page load: the configuration does not change while the app runs.
let resolved: AppConfig | undefined;
let pending: Promise<AppConfig> | undefined;

function loadConfig(): Promise<AppConfig> {
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

/** The public run-time configuration (Google client id, demo mode, partner URL). */
export function useAppConfig(): AppConfigState {
  const [config, setConfig] = useState<AppConfig | undefined>(resolved);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (config) return undefined;
    let live = true;
    loadConfig().then(
      (value) => live && setConfig(value),
      (reason: unknown) => live && setError(errorMessage(reason)),
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
