// The user's IMPs: the balance (GET imps, with Ring Ring points for brand 1's combined figure) and the movements (GET listado-imps).
import { impsHistoryResponseSchema, impsResponseSchema, POINTS_PATHS, type ImpsResponse, type PointsMovement } from '#contract/points';
import { apiPath, http, readJson } from '#api/http';

export function fetchImps(): Promise<ImpsResponse> {
  return readJson(http.get(apiPath(POINTS_PATHS.balance)), impsResponseSchema);
}

/** GET listado-imps: the user's movements, newest first. */
export async function fetchImpsHistory(): Promise<PointsMovement[]> {
  return (await readJson(http.get(apiPath(POINTS_PATHS.history)), impsHistoryResponseSchema)).imps;
}
