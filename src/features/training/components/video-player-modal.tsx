import { Alert, Loader, Modal, Stack, Text } from '@mantine/core';
import type { Video } from '#contract/training';
import { useAtomValue } from 'jotai';
import { VIDEO_POINTS } from '#domain/points';
import { takesPart } from '#domain/profiles';
import { sessionAtom } from '#offline/session';
import { useBusyWhileMounted } from '#offline/use-busy';
import { useVideoJs } from '#features/training/hooks/use-video-js.ts';
import { useVideoProgress } from '#features/training/hooks/use-video-progress.ts';
import classes from './video-player-modal.module.css';

const LOAD_FAILED = 'No se pudo cargar el video. Por favor, cierre y vuelva a entrar.';

interface VideoPlayerModalProps {
  userId: number;
  attributeId: number;
  attributeName: string;
  /** 1-based place of the video in the module. */
  index: number;
  video: Video;
  onClose: () => void;
}

/** Spec 4: the video plays in a modal; progress is reported while it plays and on closing. */
export function VideoPlayerModal({ userId, attributeId, attributeName, index, video, onClose }: VideoPlayerModalProps) {
  // No reload, and the app's own notices wait, while the player is open (#offline/busy).
  useBusyWhileMounted('video');
  const progress = useVideoProgress({ userId, attributeId, attributeName, index, video, onFinished: onClose });
  const { hostRef, status, position } = useVideoJs(video, progress);
  const earner = takesPart(useAtomValue(sessionAtom).user);

  const close = () => {
    const { currentTime, duration } = position();
    progress.onClose(currentTime, duration);
    onClose();
  };

  return (
    <Modal opened onClose={close} title={video.title} size="min(960px, 100%)" closeButtonProps={{ 'aria-label': 'Cerrar vídeo' }}>
      <div className={classes.stage}>
        <div ref={hostRef} className={classes.host} data-vjs-player />
        {status === 'loading' && (
          <div className={classes.overlay} role="status" aria-live="polite">
            <Stack align="center" gap="xs">
              <Loader color="white" size="md" aria-hidden="true" />
              <Text c="white">Cargando video...</Text>
            </Stack>
          </div>
        )}
        {status === 'failed' && (
          <div className={classes.overlay}>
            <Alert color="red.9" variant="filled" role="alert" maw={420}>
              {LOAD_FAILED}
            </Alert>
          </div>
        )}
      </div>
      <Text size="sm" c="dimmed" mt="sm">
        {!earner ? 'Tu perfil no suma IMPs: míralo para conocer lo que aprenden los agentes.' : video.visto ? 'Ya sumaste los IMPs de este vídeo: repásalo cuando quieras.' : `Míralo hasta el final para sumar +${VIDEO_POINTS} IMPs.`}
      </Text>
      <Text size="sm" c="dimmed" visibleFrom="sm">
        Con el reproductor seleccionado, la barra espaciadora lo pausa y la tecla F lo pone a pantalla completa.
      </Text>
    </Modal>
  );
}
