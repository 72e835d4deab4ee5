// The user's IMPs: the balance (GET imps, with Ring Ring points for brand 1's combined figure) and the movements (GET listado-imps).
import { POINTS_PATHS } from '#contract/points-constants';
import type { ImpsLapse, ImpsResponse, PointsMovement } from '#contract/points';
import { apiPath, http, readJson } from '#api/http';

/** The schemas answers are checked against: loaded with the first answer, never on the boot path. */
const contract = () => import('#contract/points');

export function fetchImps(): Promise<ImpsResponse> {
  return readJson(http.get(apiPath(POINTS_PATHS.balance)), contract, 'impsResponseSchema');
}

/** GET listado-imps: the user's movements, newest first. */
export async function fetchImpsHistory(): Promise<PointsMovement[]> {
  return (await readJson(http.get(apiPath(POINTS_PATHS.history)), contract, 'impsHistoryResponseSchema')).imps;
}

/** GET imps/caducidades: what lapses next, per batch (issue 39). */
export async function fetchImpsLapses(): Promise<ImpsLapse[]> {
  return (await readJson(http.get(apiPath(POINTS_PATHS.lapses)), contract, 'impsLapsesResponseSchema')).caducidades;
}
