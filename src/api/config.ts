// Public run-time configuration, readable before sign-in (GET /config).
import { appConfigSchema, type AppConfig } from '#contract/session';
import { http, readJson } from '#api/http';

export function fetchAppConfig(): Promise<AppConfig> {
  return readJson(http.get('config'), appConfigSchema);
}
