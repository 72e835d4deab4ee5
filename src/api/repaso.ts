// Repaso calls: the agent's due round, checked against the contract. Answers are not sent from
// here: they are queued commands (the repaso feature's commands.ts).
import { REPASO_PATHS } from '#contract/repaso-constants';
import type { RepasoRound } from '#contract/repaso';
import { apiPath, http, readJson } from '#api/http';

const contract = () => import('#contract/repaso');

/** GET /repaso: at most 5 due questions (with their correct option and explanation), and how many are due. */
export async function fetchRepasoRound(): Promise<RepasoRound> {
  return readJson(http.get(apiPath(REPASO_PATHS.round)), contract, 'repasoRoundSchema');
}
