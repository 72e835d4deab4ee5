import { useCallback, useEffect, useRef } from 'react';
import { notify } from '#components/notify';
import type { Video } from '#contract/training';
import { closeReport, playedPercent, progressMilestones } from '#domain/training';
import { logEvent } from '#data/log-event';
import { reportVideoProgress } from '#features/training/commands.ts';

interface VideoProgressInput {
  userId: number;
  attributeId: number;
  attributeName: string;
  /** 1-based place of the video in the module (the presentation is 1). */
  index: number;
  video: Video;
  /** The video reached 100 %: the player closes. */
  onFinished: () => void;
}

const SEND_FAILED = 'Error al enviar el porcentaje del video.';

/**
 * Spec 4's reporting while a video plays: every 10 % multiple reached, 100 % at the end (then
 * "Fin video" is logged and the player closes), and 1-89 % when it is closed part-way.
 * Starts from the server's high-water mark, so nothing already known is sent again; the
 * refs live as long as the player, so the next opening starts afresh.
 */
export function useVideoProgress({ userId, attributeId, attributeName, index, video, onFinished }: VideoProgressInput) {
  const sent = useRef(video.porcentaje);
  const finished = useRef(false);
  const latest = useRef({ video, onFinished });
  useEffect(() => {
    latest.current = { video, onFinished };
  });

  const send = useCallback(
    (porcentaje: number) => {
      sent.current = Math.max(sent.current, porcentaje);
      reportVideoProgress({ userId, attributeId, video: latest.current.video, porcentaje }).catch((error: unknown) => {
        console.error('Could not queue the video progress', error);
        void notify({ color: 'red', title: SEND_FAILED, message: latest.current.video.title });
      });
    },
    [userId, attributeId],
  );

  const finish = useCallback(() => {
    if (finished.current) return;
    finished.current = true;
    if (sent.current < 100) send(100);
    void logEvent(userId, `Fin video ${index} ${attributeName}`);
    latest.current.onFinished();
  }, [send, userId, index, attributeName]);

  const onTime = useCallback(
    (currentTime: number, duration: number) => {
      if (finished.current) return;
      const played = playedPercent(currentTime, duration);
      if (played >= 100) return finish();
      for (const milestone of progressMilestones(sent.current, played)) send(milestone);
    },
    [finish, send],
  );

  const onClose = useCallback(
    (currentTime: number, duration: number) => {
      if (finished.current) return;
      const report = closeReport(playedPercent(currentTime, duration), sent.current);
      if (report !== null) send(report);
    },
    [send],
  );

  return { onTime, onEnded: finish, onClose };
}
