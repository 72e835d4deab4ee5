// Programa › Premios: the admin's reads and writes of the prize tiers by month. Online only:
// nothing is queued in the outbox; a refusal rejects with the server's Spanish text.
import { PROGRAMME_PRIZES_PATHS } from '#contract/programme-prizes-constants';
import type { PrizeBody, PrizesResponse } from '#contract/programme-prizes';
import { apiPath, http, readJson } from '#api/http';

/** The schemas answers are checked against: loaded with the first answer, never on the boot path. */
const contract = () => import('#contract/programme-prizes');

export async function fetchProgrammePrizes(): Promise<PrizesResponse> {
  return readJson(http.get(apiPath(PROGRAMME_PRIZES_PATHS.list)), contract, 'prizesResponseSchema');
}

/** Creates or replaces the row of `mes` ('YYYY-MM'); answers the whole view after it. */
export async function putPrizeTier(mes: string, body: PrizeBody): Promise<PrizesResponse> {
  return readJson(http.put(apiPath(PROGRAMME_PRIZES_PATHS.month, { mes }), { json: body, retry: 0 }), contract, 'prizesResponseSchema');
}

export async function deletePrizeTier(mes: string): Promise<PrizesResponse> {
  return readJson(http.delete(apiPath(PROGRAMME_PRIZES_PATHS.month, { mes }), { retry: 0 }), contract, 'prizesResponseSchema');
}
