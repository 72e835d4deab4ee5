// Public run-time configuration, readable before sign-in (GET /config).
import { SYSTEM_PATHS } from '#contract/common';
import { appConfigSchema, type AppConfig } from '#contract/session';
import { apiPath, http, readJson } from '#api/http';

export function fetchAppConfig(): Promise<AppConfig> {
  return readJson(http.get(apiPath(SYSTEM_PATHS.config)), appConfigSchema);
}
