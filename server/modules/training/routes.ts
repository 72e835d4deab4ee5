// Training routes (spec section 7): GET video/atributo/{id}, GET video/{id}/visto,
// GET video/{id}/progreso, POST video/{id}/porcentaje (queued offline: idempotent, allowed
// to sync credentials, and it earns IMPs so impersonation is refused) and GET /progreso/{id}.
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import {
  attributeProgressResponseSchema, TRAINING_PATHS, videoProgressAnswerSchema, videoProgressBodySchema, videoProgressResponseSchema,
  videoSeenResponseSchema, videosResponseSchema,
} from '#contract/training';
import type { AppDeps } from '#server/deps';
import { currentUser } from '#server/plugins/auth';
import { replies } from '#server/plugins/route-contract';
import type { ZodTypeProvider } from '#server/plugins/zod';
import { createTrainingService } from './service.ts';

/** A positive PostgreSQL integer: larger ids would be a database error, not a 404. */
const idParams = z.object({ id: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647)) });

export async function trainingRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const training = createTrainingService(deps);

  api.get(TRAINING_PATHS.videos, { schema: { params: idParams, response: replies(videosResponseSchema) } }, async (request) => ({
    videos: await training.videos(currentUser(request).id, request.params.id),
  }));

  api.get(TRAINING_PATHS.videoSeen, { schema: { params: idParams, response: replies(videoSeenResponseSchema) } }, async (request) => ({
    visto: (await training.progress(currentUser(request).id, request.params.id)).visto,
  }));

  api.get(TRAINING_PATHS.videoProgress, { schema: { params: idParams, response: replies(videoProgressResponseSchema) } }, async (request) => ({
    porcentaje: (await training.progress(currentUser(request).id, request.params.id)).porcentaje,
  }));

  api.post(TRAINING_PATHS.reportProgress, {
    config: { idempotent: true, allowSync: true, earnsPoints: true },
    schema: { params: idParams, body: videoProgressBodySchema, response: replies(videoProgressAnswerSchema) },
  }, async (request) => training.report(currentUser(request).id, request.params.id, {
    porcentaje: request.body.porcentaje,
    occurredAt: request.occurredAt,
  }, request.session?.id ?? null));

  api.get(TRAINING_PATHS.attributeProgress, { schema: { params: idParams, response: replies(attributeProgressResponseSchema) } }, async (request) => ({
    progreso: await training.attributeProgress(currentUser(request).id, request.params.id),
  }));
}
