import { Suspense, useState } from 'react';
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Video } from '#contract/training';
import { padlockOpen, quizButtonState, quizVideo, sortVideos } from '#domain/training';
import { AlertIcon } from '#components/alert-icon';
import { FreshnessNote } from '#components/freshness-note';
import { OfflineState } from '#components/offline-state';
import { onDemand } from '#components/on-demand';
import type { CachedQuery } from '#offline/use-cached-query';
import { logEvent } from '#data/log-event';
import { moduleLead } from '#features/training/module-lead.ts';
import { useQuizStates } from '#features/training/hooks/use-quiz-states.ts';
import { useRefusedProgress } from '#features/training/hooks/use-refused-progress.ts';
import { OfflineVideosSlot } from '#features/training/components/offline-videos-slot.tsx';
import { PadlockStatus } from '#features/training/components/padlock-status.tsx';
import { QuizItem } from '#features/training/components/quiz-item.tsx';
import { VideoItem } from '#features/training/components/video-item.tsx';
import classes from './module-row.module.css';

// The player's Modal (and video.js after it) loads when a video is opened, not with the screen.
const VideoPlayerModal = onDemand(() => import('#features/training/components/video-player-modal.tsx').then((m) => m.VideoPlayerModal));

interface TrainingModuleProps {
  userId: number;
  attributeId: number;
  slug: string;
  attributeName: string;
  videos: CachedQuery<Video[]>;
  /** False while the attribute is disabled in the calendar: its content is not published. */
  available: boolean;
}

/** "MÓDULO FORMATIVO": the videos (presentation first), both quizzes and the padlock. */
export function TrainingModule({ userId, attributeId, slug, attributeName, videos, available }: TrainingModuleProps) {
  const [openId, setOpenId] = useState<number | null>(null);
  const quizzes = useQuizStates(attributeId);
  const refused = useRefusedProgress(userId);
  const list = sortVideos(videos.data ?? []);
  const open = list.find((v) => v.id === openId);
  const indexOf = (video: Video) => list.indexOf(video) + 1;

  function openVideo(video: Video) {
    void logEvent(userId, `Clic vídeo ${indexOf(video)} ${attributeName}`);
    setOpenId(video.id);
  }

  const quizState = (quiz: 1 | 2) => {
    const video = quizVideo(list, quiz);
    return quizButtonState({ videoAvailable: video?.is_hable ?? false, videoSeen: video?.visto ?? false, quizState: quizzes[quiz] });
  };

  return (
    <Card component="section" aria-labelledby="modulo-formativo">
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <div>
          <Title order={2} size="h4" id="modulo-formativo" c="brand.8" lts="0.06em">
            MÓDULO FORMATIVO
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {moduleLead(videos.data)}
          </Text>
        </div>
        <PadlockStatus open={padlockOpen(list, quizzes.done)} />
      </Group>

      {!available ? (
        <>
          <Text mt="md" fw={600}>
            Los vídeos de {attributeName} llegarán cuando empiece su mes.
          </Text>
          <ol className={classes.list} style={{ marginTop: 'var(--mantine-spacing-md)' }}>
            <QuizItem slug={slug} quiz={1} state={quizState(1)} />
            <QuizItem slug={slug} quiz={2} state={quizState(2)} />
          </ol>
        </>
      ) : videos.data === undefined && videos.isLoading ? (
        <Stack gap="sm" mt="md" role="status" aria-busy="true" aria-label="Cargando...">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} height={66} radius="md" />
          ))}
        </Stack>
      ) : videos.status === 'offline' ? (
        <OfflineState inline onRetry={() => void videos.revalidate()}>
          Abre los vídeos de {attributeName} con conexión una vez para verlos sin conexión.
        </OfflineState>
      ) : videos.data === undefined ? (
        <Alert color="red" role="alert" icon={<AlertIcon />} title="Error al verificar si el video ha sido visto." mt="md">
          <Text size="sm">{videos.error}</Text>
          <Button size="xs" variant="default" mt="xs" onClick={() => void videos.revalidate()}>
            Reintentar
          </Button>
        </Alert>
      ) : (
        <>
          <ol className={classes.list} style={{ marginTop: 'var(--mantine-spacing-md)' }}>
            {list.map((video) => (
              <VideoItem key={video.id} video={video} sendFailed={refused.has(video.id)} onOpen={openVideo} />
            ))}
            <QuizItem slug={slug} quiz={1} state={quizState(1)} />
            <QuizItem slug={slug} quiz={2} state={quizState(2)} />
          </ol>
          <OfflineVideosSlot attributeId={attributeId} videos={list} />
          <Group justify="flex-end" gap="xs" mt="xs">
            {videos.error && globalThis.navigator?.onLine !== false && (
              <Text size="xs" c="red.8">
                Error al cargar el progreso del video.
              </Text>
            )}
            <FreshnessNote fetchedAt={videos.fetchedAt} isStale={videos.isStale} />
          </Group>
        </>
      )}

      {open && (
        <Suspense fallback={null}>
          <VideoPlayerModal
            key={open.id}
            userId={userId}
            attributeId={attributeId}
            attributeName={attributeName}
            index={indexOf(open)}
            video={open}
            onClose={() => setOpenId(null)}
          />
        </Suspense>
      )}
    </Card>
  );
}
