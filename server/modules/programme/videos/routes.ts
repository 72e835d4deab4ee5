// Programa › Vídeos (issue 35), admin only (programmeEditor first, before any body or upload is read):
// GET    /programa/videos               every attribute with its videos in order (hidden ones too, with views)
// POST   /programa/videos               multipart: atributo_id, title, available_from, video (MP4 ≤ 500 MB),
//                                       subtitulos (.vtt ≤ 1 MB), poster (PNG/JPEG/WebP ≤ 2 MB)
// PUT    /programa/videos/:id           title, available_from, hidden
// POST   /programa/videos/:id/archivo   multipart: a new MP4, subtitles or poster (quitar_subtitulos, quitar_poster);
//                                       the same video id, so every agent's progress stays
// POST   /programa/videos/orden         one attribute's videos in their new order
// DELETE /programa/videos/:id           only when nobody has any progress on it (409 otherwise: hide it)
// POST   /programa/videos/:id/reprocesar a video whose processing failed, queued again (409 otherwise; issue 36)
// Online only (no outbox, no Idempotency-Key); every write evicts the read cache.
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import {
  PROGRAMME_VIDEOS_PATHS, programmeVideosResponseSchema, videoAnswerSchema, videoDeleteAnswerSchema, videoOrderAnswerSchema, videoOrderBodySchema,
  videoReprocessAnswerSchema, videoUpdateBodySchema,
} from '#contract/programme-videos';
import { digitsOnly, replies } from '#server/plugins/route-contract';
import type { ZodTypeProvider } from '#server/plugins/zod';
import { programmeEditor } from '../access.ts';
import type { ProgrammeDeps } from '../deps.ts';
import { createProgrammeVideosService } from './service.ts';
import { readVideoUpload, releaseVideoUpload } from './upload.ts';

const idParams = z.object({ id: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647)) });
const write = { changesReads: true } as const;

export async function videosRoutes(app: FastifyInstance, deps: ProgrammeDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const videos = createProgrammeVideosService(deps);
  // An upload's video waits in a temporary file until the answer has been sent.
  app.addHook('onResponse', releaseVideoUpload);
  app.addHook('onRequestAbort', releaseVideoUpload);

  api.get(PROGRAMME_VIDEOS_PATHS.videos, { schema: { response: replies(programmeVideosResponseSchema) } }, async (request) => {
    programmeEditor(request);
    return videos.list();
  });

  api.post(PROGRAMME_VIDEOS_PATHS.videos, { config: write, schema: { response: replies(videoAnswerSchema) } }, async (request) => {
    const editor = programmeEditor(request);
    return { success: true as const, video: await videos.create(editor, await readVideoUpload(request)) };
  });

  // Static before the parameter: /programa/videos/orden is never a video id.
  api.post(PROGRAMME_VIDEOS_PATHS.order, { config: write, schema: { body: videoOrderBodySchema, response: replies(videoOrderAnswerSchema) } }, async (request) => {
    const editor = programmeEditor(request);
    return { success: true as const, videos: await videos.reorder(editor, request.body) };
  });

  api.put(digitsOnly(PROGRAMME_VIDEOS_PATHS.video, 'id'), {
    config: write, schema: { params: idParams, body: videoUpdateBodySchema, response: replies(videoAnswerSchema) },
  }, async (request) => {
    const editor = programmeEditor(request);
    return { success: true as const, video: await videos.update(editor, request.params.id, request.body) };
  });

  api.post(digitsOnly(PROGRAMME_VIDEOS_PATHS.videoFiles, 'id'), {
    config: write, schema: { params: idParams, response: replies(videoAnswerSchema) },
  }, async (request) => {
    const editor = programmeEditor(request);
    return { success: true as const, video: await videos.replaceFiles(editor, request.params.id, await readVideoUpload(request)) };
  });

  api.post(digitsOnly(PROGRAMME_VIDEOS_PATHS.reprocess, 'id'), {
    config: write, schema: { params: idParams, response: replies(videoReprocessAnswerSchema) },
  }, async (request) => {
    const editor = programmeEditor(request);
    return { success: true as const, video: await videos.reprocess(editor, request.params.id) };
  });

  api.delete(digitsOnly(PROGRAMME_VIDEOS_PATHS.video, 'id'), {
    config: write, schema: { params: idParams, response: replies(videoDeleteAnswerSchema) },
  }, async (request) => {
    const editor = programmeEditor(request);
    await videos.remove(editor, request.params.id);
    return { success: true as const };
  });
}
