// The user's IMPs balance (GET imps), with Ring Ring points for brand 1's combined figure.
import { impsResponseSchema, type ImpsResponse } from '#contract/points';
import { http, readJson } from '#api/http';

export function fetchImps(): Promise<ImpsResponse> {
  return readJson(http.get('imps'), impsResponseSchema);
}
