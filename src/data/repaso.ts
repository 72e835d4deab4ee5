// The agent's Repaso round as the device keeps it: the server's round (GET repaso) plus the
// answers this device has given to it (`respondidas`, question id → option id), written with
// the queued answer in one transaction (features/repaso/commands.ts). Read by the Repaso screen
// and by the home's line, so the line goes the moment the last question is answered, offline too.
// The server's next round replaces the snapshot once the answers have been sent.
import type { RepasoQuestion, RepasoRound } from '#contract/repaso';
import { fetchRepasoRound } from '#api/repaso';
import { useCachedQuery } from '#offline/use-cached-query';
import { cacheKeys } from '#data/cache-keys';

export interface RepasoOnDevice extends RepasoRound {
  /** Question id → the option this device answered with, while the answer is on its way. */
  respondidas?: Record<number, number>;
}

export function useRepasoRound(userId: number | null) {
  return useCachedQuery<RepasoOnDevice>(cacheKeys.repaso, fetchRepasoRound, { userId });
}

/** The round's questions this device has not answered yet. */
export function unansweredOnDevice(round: RepasoOnDevice | undefined): RepasoQuestion[] {
  if (!round) return [];
  return round.preguntas.filter((q) => round.respondidas?.[q.id_pregunta] === undefined);
}
