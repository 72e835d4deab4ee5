// POST /log/register {action}: one usage event ("Clic banner home accesible", "Fin video 2
// Accesible"...). Queued offline by the app, so idempotent, allowed to sync credentials,
// and stored with when it happened (X-Occurred-At), not when it arrived.
import type { FastifyInstance } from 'fastify';
import { logEventAnswerSchema, logEventBodySchema, TRAINING_PATHS } from '#contract/training';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/plugins/auth';
import { replies } from '#server/plugins/route-contract';
import type { ZodTypeProvider } from '#server/plugins/zod';
import { createLogEventsRepository } from './repository.ts';

export async function logEventsRoutes(app: FastifyInstance, { db, clock }: Pick<AppDeps, 'db' | 'clock'>): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const events = createLogEventsRepository(db);

  api.post(TRAINING_PATHS.logEvent, {
    config: { idempotent: true, allowSync: true },
    schema: { body: logEventBodySchema, response: replies(logEventAnswerSchema) },
  }, async (request) => {
    await events.append({ userId: currentUser(request).id, action: request.body.action, occurredAt: request.occurredAt, now: clock(), idempotencyKey: request.idempotency?.key ?? null });
    return { success: true as const };
  });
}
