import { Alert, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useVideoDownloads } from '#offline/use-video-downloads';
import { formatBytes } from '#offline/video-download-plan';
import type { DownloadableVideo, VideoDownloadError } from '#offline/video-downloads';
import { AlertIcon } from '#components/alert-icon';

interface OfflineVideosCardProps {
  /** The attribute's videos (id, url, captions_url), as the videos list gives them. */
  videos: readonly DownloadableVideo[];
  title?: string;
}

// The label is long for a 360 px phone: let it wrap instead of being clipped.
const wrapLabel = { root: { height: 'auto', minHeight: 36 }, label: { whiteSpace: 'normal', lineHeight: 1.3, paddingBlock: 6 } } as const;

function errorText(error: VideoDownloadError): string {
  switch (error.reason) {
    case 'no-space':
      return error.neededBytes !== undefined && error.availableBytes !== undefined
        ? `No hay espacio suficiente en el dispositivo: hacen falta ${formatBytes(error.neededBytes)} y quedan ${formatBytes(error.availableBytes)} libres. Libera espacio e inténtalo de nuevo.`
        : 'No hay espacio suficiente en el dispositivo. Libera espacio e inténtalo de nuevo.';
    case 'offline':
      return 'Sin conexión: conéctate a internet para descargar los videos.';
    case 'unsupported':
      return 'Este navegador no permite guardar videos para verlos sin conexión.';
    default:
      return 'No se pudo completar la descarga. Inténtalo de nuevo.';
  }
}

/** Download an attribute's videos to watch them offline, see the space they use, free it. */
export function OfflineVideosCard({ videos, title = 'Ver sin conexión' }: OfflineVideosCardProps) {
  const { supported, state, activity, progress, error, download, remove, cancel } = useVideoDownloads(videos);
  const downloading = activity === 'downloading';
  const downloaded = state?.downloaded ?? 0;
  const total = state?.total ?? videos.length;
  const complete = total > 0 && downloaded === total;

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {!supported ? (
          <Text c="dimmed">Este navegador no permite guardar videos para verlos sin conexión.</Text>
        ) : (
          <>
            <Text c="dimmed" size="sm" aria-live="polite">
              {downloaded === 0
                ? 'Descarga los videos para verlos aunque no tengas conexión.'
                : `Videos descargados: ${downloaded} de ${total} · ocupan ${formatBytes(state?.bytes ?? 0)}.`}
            </Text>
            {downloading && (
              <Stack gap={4}>
                <Progress value={Math.round((progress?.fraction ?? 0) * 100)} animated aria-label="Progreso de la descarga" />
                <Text size="sm" aria-live="polite">
                  {progress
                    ? `Descargando: ${progress.doneFiles} de ${progress.totalFiles} videos · ${formatBytes(progress.loadedBytes)} de ${formatBytes(progress.totalBytes)}`
                    : 'Comprobando el espacio disponible…'}
                </Text>
              </Stack>
            )}
            {error && (
              <Alert color="red" icon={<AlertIcon />} role="alert">
                {errorText(error)}
              </Alert>
            )}
            <Group gap="sm">
              {downloading ? (
                <Button variant="default" onClick={cancel}>
                  Cancelar
                </Button>
              ) : (
                !complete && (
                  <Button onClick={() => void download()} loading={state === null} disabled={total === 0} styles={wrapLabel}>
                    Descargar para ver sin conexión
                  </Button>
                )
              )}
              {downloaded > 0 && !downloading && (
                <Button variant="subtle" color="red" onClick={() => void remove()} loading={activity === 'removing'}>
                  Eliminar descargas
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
