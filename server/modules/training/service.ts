// Training rules the API applies: which videos an agent sees and whether they are open
// (#domain/calendar), the progress high-water mark and the +5 IMPs for a plausible first
// completion (#domain/video-progress, #domain/points), and the attribute's training
// percentage. Always scoped to the signed-in user: never reads or writes another's progress.
import type * as z from 'zod/mini';
import type { Video, videoProgressAnswerSchema } from '#contract/training';
import { isContentOpen } from '#domain/calendar';
import { sourceKeys, VIDEO_POINTS } from '#domain/points';
import { applyProgressReport, attributeProgress, completionEarns, type ProgressReport } from '#domain/video-progress';
import { QUIZZES_PER_ATTRIBUTE } from '#domain/training';
import type { AppDeps } from '#server/deps';
import { HttpError } from '#server/http-error';
import { placeDeviceFact } from '#server/plugins/occurred-at-device';
import type { Earning } from '#server/modules/points/movements';
import { refreshCoachingProgress } from '#server/modules/coaching/aggregates';
import { earnActivity, recordTrainingStep } from '#server/modules/rankings/standings';
import { createTrainingRepository, isVisibleToAgents, type VideoRecord } from './repository.ts';

type VideoProgressAnswer = z.infer<typeof videoProgressAnswerSchema>;

export const ATTRIBUTE_NOT_FOUND = 'No existe ese atributo';
export const VIDEO_NOT_FOUND = 'No existe ese vídeo';
export const VIDEO_NOT_AVAILABLE = 'Este vídeo todavía no está disponible.';

const sameMoment = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

export function createTrainingService({ db, clock }: AppDeps) {
  const repo = createTrainingRepository(db);

  async function enabledAttribute(attributeId: number): Promise<number> {
    const attribute = await repo.findAttribute(attributeId);
    if (!attribute?.enabled) throw new HttpError(404, ATTRIBUTE_NOT_FOUND);
    return attribute.id;
  }

  /**
   * Videos of disabled attributes do not exist as far as agents are concerned, nor do hidden
   * ones (Programa hides a watched video instead of deleting it), except for `reports`: a
   * viewing may have been queued on a device before the video was hidden, and nobody loses work
   * because content changed, so it is still recorded and still pays its +5 at 100 %. A video
   * never processed yet (issue 36) is not there for agents either, like a hidden one; one being
   * processed again plays its previous renditions meanwhile (isVisibleToAgents).
   */
  async function visibleVideo(videoId: number, use: 'read' | 'report' = 'read'): Promise<VideoRecord> {
    const video = await repo.findVideo(videoId);
    if (!video?.attribute_enabled || (!isVisibleToAgents(video) && use === 'read')) throw new HttpError(404, VIDEO_NOT_FOUND);
    return video;
  }

  return {
    async videos(userId: number, attributeId: number): Promise<Video[]> {
      const rows = await repo.videosWithProgress(await enabledAttribute(attributeId), userId);
      const now = clock();
      return rows.map((v) => ({
        id: v.id,
        atributo_id: v.attribute_id,
        position: v.position,
        title: v.title,
        url: v.url,
        captions_url: v.captions_url,
        poster_url: v.poster_url,
        stream_url: v.stream_url,
        duration_seconds: v.duration_seconds,
        is_hable: isContentOpen(v.attribute_enabled, v.available_from, now),
        visto: v.seen_at !== null,
        porcentaje: v.porcentaje ?? 0,
      }));
    },

    async progress(userId: number, videoId: number): Promise<{ porcentaje: number; visto: boolean }> {
      const video = await visibleVideo(videoId);
      const row = await repo.progressOf(userId, video.id);
      return { porcentaje: row?.porcentaje ?? 0, visto: (row?.seen_at ?? null) !== null };
    },

    /**
     * One progress report (possibly queued offline, possibly a replay under another key).
     * The progress row stays locked from read to ledger write, so of any number of
     * concurrent 100 % reports exactly one can pay, and the ledger's unique source key
     * backs that up.
     */
    async report(userId: number, videoId: number, claimed: ProgressReport, sessionId: number | null = null): Promise<VideoProgressAnswer> {
      const video = await visibleVideo(videoId, 'report');
      const now = clock();
      // Judged at arrival, not at X-Occurred-At: a video never closes again once open, and a
      // slow device clock around midnight must not turn a real viewing into a refusal.
      if (!isContentOpen(video.attribute_enabled, video.available_from, now)) throw new HttpError(409, VIDEO_NOT_AVAILABLE);
      return db.transaction().execute(async (trx) => {
        const progress = createTrainingRepository(trx);
        const before = await progress.lockProgress(userId, video.id, now);
        // Whether a viewing is complete is judged on the claimed moments (clamped into the session):
        // a queue delivered out of order must still pay. Where it lands in time (the credit's date,
        // which the ranking tie-break reads) never goes before the device's previous fact.
        const report = claimed;
        const placedAt = await placeDeviceFact(trx, sessionId, claimed.occurredAt);
        const after = applyProgressReport(before, report);
        const changed = after.porcentaje !== before.porcentaje
          || !sameMoment(after.firstPartialAt, before.firstPartialAt) || !sameMoment(after.seenAt, before.seenAt);
        if (changed) await progress.saveProgress(userId, video.id, after, now);
        if (changed) await refreshCoachingProgress(trx, userId, video.attribute_id);
        // A video seen for the first time is a training step: the ranking tie-break reads it.
        if (after.seenAt !== null && before.seenAt === null) await recordTrainingStep(trx, userId, video.attribute_id);
        let awarded = 0;
        if (completionEarns(after, report, video.duration_seconds)) {
          const credit: Earning = {
            userId, amount: VIDEO_POINTS, concept: `Vídeo completado: ${video.title}`, sourceKey: sourceKeys.video(video.id),
            attributeId: video.attribute_id, kind: 'activity', occurredAt: placedAt, receivedAt: now,
          };
          const paid = await earnActivity(trx, credit);
          awarded = paid ? VIDEO_POINTS : 0;
        }
        return { success: true as const, porcentaje: after.porcentaje, visto: after.seenAt !== null, imps_awarded: awarded };
      });
    },

    async attributeProgress(userId: number, attributeId: number): Promise<number> {
      const id = await enabledAttribute(attributeId);
      const videos = await repo.videoCounts(userId, id);
      const quizzesDone = await repo.completedQuizzes(userId, id);
      return attributeProgress({ videosTotal: videos.total, videosSeen: videos.seen, quizzesTotal: QUIZZES_PER_ATTRIBUTE, quizzesDone });
    },
  };
}

export type TrainingService = ReturnType<typeof createTrainingService>;
