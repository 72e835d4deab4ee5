// Training writes: video progress. It may happen offline (a floor's Wi-Fi drops mid-video), so
// it is queued in the outbox together with its local effect, in one transaction: the label,
// the balance and the progress bar move at once, and the server confirms later. The server
// keeps the highest percentage and pays +5 only once, so a replay or a late duplicate never
// counts twice. Activity logs ("Clic vídeo", "Fin video") go through #data/log-event.
import { buildPath } from '#contract/paths';
import type { ImpsResponse } from '#contract/points';
import { TRAINING_PATHS } from '#contract/training-constants';
import type { Video } from '#contract/training';
import { VIDEO_POINTS } from '#domain/points';
import { takesPart } from '#domain/profiles';
import { progressAfterVideoSeen } from '#domain/training';
import { reportCompletesVideo, videoAfterReport } from '#domain/video-progress';
import { runCommand, updateSnapshot } from '#offline/outbox';
import { getSession } from '#offline/session';
import { cacheKeys } from '#data/cache-keys';

export interface VideoProgressReport {
  userId: number;
  attributeId: number;
  /** The video as the screen shows it (its snapshot), before this report. */
  video: Video;
  porcentaje: number;
}

/**
 * POST video/{id}/porcentaje, queued. At 100 % of an unseen video the balance rises by +5 at once.
 * Staff watching as themselves have no progress (the server refuses them): nothing is queued.
 */
export async function reportVideoProgress({ userId, attributeId, video, porcentaje }: VideoProgressReport): Promise<void> {
  if (!takesPart(getSession().user)) return;
  const videosKey = cacheKeys.videos(attributeId);
  const progressKey = cacheKeys.progress(attributeId);
  const completes = reportCompletesVideo(video, porcentaje);
  await runCommand({
    userId,
    label: completes ? `Vídeo completado: ${video.title}` : `Progreso de vídeo: ${video.title}`,
    subject: { kind: 'video-progress', videoId: video.id },
    request: { method: 'POST', path: buildPath(TRAINING_PATHS.reportProgress, { id: video.id }), body: { porcentaje } },
    imps: completes ? VIDEO_POINTS : 0,
    affects: completes ? [cacheKeys.imps, videosKey, progressKey] : [videosKey],
    apply: async (tables) => {
      let known = false;
      let newlySeen = false;
      let all: Video[] = [];
      await updateSnapshot<Video[]>(tables, videosKey, userId, (videos) => {
        all = videos.map((v) => {
          if (v.id !== video.id) return v;
          known = true;
          newlySeen = reportCompletesVideo(v, porcentaje);
          return videoAfterReport(v, porcentaje);
        });
        return all;
      });
      // Only a video this device had not seen yet pays; the server has the last word.
      if (!completes || (known && !newlySeen)) return;
      await updateSnapshot<ImpsResponse>(tables, cacheKeys.imps, userId, (imps) => ({ ...imps, imps: imps.imps + VIDEO_POINTS }));
      await updateSnapshot<number>(tables, progressKey, userId, (previous) => progressAfterVideoSeen(previous, all));
    },
  });
}
