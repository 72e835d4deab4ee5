// POST /sync {acciones}: up to 100 queued actions of the caller in one request, each with its
// own result (src/contract/sync.ts). Allowed to sync credentials: the envelope carries no
// signature of its own, each action's is checked by its route. Not idempotent itself: every
// action is, by its own Idempotency-Key. Impersonation sessions are refused like any write.
import type { FastifyInstance } from 'fastify';
import { SYNC_PATHS, syncAnswerSchema, syncBodySchema } from '#contract/sync';
import { HttpError } from '#server/http-error';
import { replies } from '#server/plugins/route-contract';
import type { ZodTypeProvider } from '#server/plugins/zod';
import { createSyncService } from './service.ts';

export const REPEATED_ID = 'Cada acción del lote debe tener un id distinto';

export async function syncRoutes(app: FastifyInstance, { batchTimeBudgetMs }: { batchTimeBudgetMs: number }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const batches = createSyncService(app, batchTimeBudgetMs);

  api.post(SYNC_PATHS.batch, {
    config: { allowSync: true, carriesActions: true },
    schema: { body: syncBodySchema, response: replies(syncAnswerSchema) },
  }, async (request) => {
    const actions = request.body.acciones;
    // Results are matched to rows by id: two actions with one id would make that ambiguous.
    if (new Set(actions.map((action) => action.id)).size !== actions.length) throw new HttpError(400, REPEATED_ID);
    return { resultados: await batches.run(request, actions) };
  });
}
