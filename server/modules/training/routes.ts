// Training routes (spec section 7): GET video/atributo/{id}, GET video/{id}/visto,
// GET video/{id}/progreso, POST video/{id}/porcentaje (queued offline: idempotent, allowed
// to sync credentials, and it earns IMPs so impersonation is refused) and GET /progreso/{id}.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { videoProgressBodySchema } from '#contract/training';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/plugins/auth';
import type { ZodTypeProvider } from '#server/plugins/zod';
import { createTrainingService } from './service.ts';

/** A positive PostgreSQL integer: larger ids would be a database error, not a 404. */
const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export async function trainingRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const training = createTrainingService(deps);

  api.get('/video/atributo/:id', { schema: { params: idParams } }, async (request) => ({
    videos: await training.videos(currentUser(request).id, request.params.id),
  }));

  api.get('/video/:id/visto', { schema: { params: idParams } }, async (request) => ({
    visto: (await training.progress(currentUser(request).id, request.params.id)).visto,
  }));

  api.get('/video/:id/progreso', { schema: { params: idParams } }, async (request) => ({
    porcentaje: (await training.progress(currentUser(request).id, request.params.id)).porcentaje,
  }));

  api.post('/video/:id/porcentaje', {
    config: { idempotent: true, allowSync: true, earnsPoints: true },
    schema: { params: idParams, body: videoProgressBodySchema },
  }, async (request) => training.report(currentUser(request).id, request.params.id, {
    porcentaje: request.body.porcentaje,
    occurredAt: request.occurredAt,
  }));

  api.get('/progreso/:id', { schema: { params: idParams } }, async (request) => ({
    progreso: await training.attributeProgress(currentUser(request).id, request.params.id),
  }));
}
