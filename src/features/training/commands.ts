// Training writes: video progress and log events. Both may happen offline (a floor's Wi-Fi
// drops mid-video), so both are queued in the outbox together with their local effect, in one
// transaction: the label, the balance and the progress bar move at once, and the server
// confirms later. The server keeps the highest percentage and pays +5 only once, so a replay
// or a late duplicate never counts twice.
import type { ImpsResponse } from '#contract/points';
import type { Video } from '#contract/training';
import { cacheKeys, trainingPaths } from '#api/training';
import { VIDEO_POINTS } from '#domain/points';
import { progressAfterVideoSeen } from '#domain/training';
import { isSimulatedNavigation } from '#offline/session';
import { runCommand, updateSnapshot } from '#offline/outbox';

export interface VideoProgressReport {
  userId: number;
  attributeId: number;
  /** The video as the screen shows it (its snapshot), before this report. */
  video: Video;
  porcentaje: number;
}

function raised(video: Video, porcentaje: number): Video {
  return { ...video, porcentaje: Math.max(video.porcentaje, porcentaje), visto: video.visto || porcentaje >= 100 };
}

/** POST video/{id}/porcentaje, queued. At 100 % of an unseen video the balance rises by +5 at once. */
export async function reportVideoProgress({ userId, attributeId, video, porcentaje }: VideoProgressReport): Promise<void> {
  const videosKey = cacheKeys.videos(attributeId);
  const progressKey = cacheKeys.progress(attributeId);
  const completes = porcentaje >= 100 && !video.visto;
  await runCommand({
    userId,
    label: completes ? `Vídeo completado: ${video.title}` : `Progreso de vídeo: ${video.title}`,
    request: { method: 'POST', path: trainingPaths.videoProgress(video.id), body: { porcentaje } },
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
          newlySeen = !v.visto && porcentaje >= 100;
          return raised(v, porcentaje);
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

/** POST /log/register, queued. Never throws: a lost log entry must not interrupt training. */
export async function logTrainingEvent(userId: number, action: string): Promise<void> {
  if (isSimulatedNavigation()) return;
  try {
    await runCommand({
      userId,
      label: 'Registro de actividad',
      request: { method: 'POST', path: trainingPaths.logEvent, body: { action } },
    });
  } catch (error) {
    console.warn('Could not queue the log event', error);
  }
}
