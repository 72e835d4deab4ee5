// Public run-time configuration, readable before sign-in (GET /config).
import { SYSTEM_PATHS } from '#contract/common-constants';
import type { AppConfig } from '#contract/session';
import { apiPath, http, readJson } from '#api/http';

/** The schemas answers are checked against: loaded with the first answer, never on the boot path. */
const contract = () => import('#contract/session');

export function fetchAppConfig(): Promise<AppConfig> {
  return readJson(http.get(apiPath(SYSTEM_PATHS.config)), contract, 'appConfigSchema');
}
