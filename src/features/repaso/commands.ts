// Repaso writes: an answer is queued in the outbox (it may happen offline) together with its
// record in the round's snapshot, in one transaction, so the screen and the home's line move on
// exactly when the answer is sure to be sent. The server counts it once (its review number),
// however often the outbox delivers it. It earns nothing: no IMPs are expected.
import type { RepasoQuestion } from '#contract/repaso';
import { buildPath } from '#contract/paths';
import { REPASO_PATHS } from '#contract/repaso-constants';
import { runCommand, updateSnapshot } from '#offline/outbox';
import { cacheKeys } from '#data/cache-keys';
import type { RepasoOnDevice } from '#data/repaso';

export async function queueRepasoAnswer(userId: number, question: RepasoQuestion, optionId: number): Promise<void> {
  await runCommand({
    userId,
    label: `Repaso: ${question.pregunta.length > 40 ? `${question.pregunta.slice(0, 40)}…` : question.pregunta}`,
    subject: { kind: 'repaso-answer', questionId: question.id_pregunta },
    request: { method: 'POST', path: buildPath(REPASO_PATHS.answer, { pregunta: question.id_pregunta }), body: { respuesta_id: optionId, vista: question.vista } },
    affects: [cacheKeys.repaso],
    apply: (tables) => updateSnapshot<RepasoOnDevice>(tables, cacheKeys.repaso, userId, (round) => ({
      ...round, respondidas: { ...round.respondidas, [question.id_pregunta]: optionId },
    })),
  });
}
