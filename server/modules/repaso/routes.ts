// Repaso routes (issue 39, src/contract/repaso.ts): GET the caller's due round, POST one review
// (queued offline: idempotent, deliverable by a sync credential and by POST /sync; refused to
// impersonation by the auth plugin, to staff by the service). Never `earnsPoints`: it earns none.
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { REPASO_PATHS, repasoAnswerBodySchema, repasoAnswerResultSchema, repasoRoundSchema } from '#contract/repaso';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/plugins/auth';
import { digitsOnly, replies } from '#server/plugins/route-contract';
import type { ZodTypeProvider } from '#server/plugins/zod';
import { createRepasoService } from './service.ts';

const questionParams = z.object({ pregunta: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647)) });

export async function repasoRoutes(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'clock'>): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repaso = createRepasoService(deps);

  api.get(REPASO_PATHS.round, { schema: { response: replies(repasoRoundSchema) } }, async (request) => repaso.round(currentUser(request)));

  api.post(digitsOnly(REPASO_PATHS.answer, 'pregunta'), {
    config: { idempotent: true, allowSync: true },
    schema: { params: questionParams, body: repasoAnswerBodySchema, response: replies(repasoAnswerResultSchema) },
  }, async (request) => repaso.answer(currentUser(request), request.params.pregunta, request.body, request.occurredAt));
}
