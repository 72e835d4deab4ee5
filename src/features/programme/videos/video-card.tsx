import { Badge, Box, Button, Card, Flex, Group, Image, Stack, Text } from '@mantine/core';
import type { AdminVideo } from '#contract/programme-videos';
import { formatDuration, mayDeleteVideo } from '#domain/programme-videos';

interface VideoCardProps {
  video: AdminVideo;
  canMoveUp: boolean;
  canMoveDown: boolean;
  busy: boolean;
  onEdit: () => void;
  onFiles: () => void;
  onToggleHidden: () => void;
  onMove: (step: -1 | 1) => void;
  onDelete: () => void;
  onReprocess: () => void;
}

/** Where the video's processing stands (issue 36), as the list says it. */
export function processingLabel(video: Pick<AdminVideo, 'processing' | 'processing_progress' | 'processing_error'>): string {
  switch (video.processing) {
    case 'queued':
      return 'En cola';
    case 'running':
      return `Procesando ${video.processing_progress} %`;
    case 'failed':
      return `Error: ${video.processing_error ?? 'no se pudo procesar'}`;
    default:
      return 'Listo';
  }
}

const PROCESSING_COLOR = { queued: 'gray', running: 'blue', ready: 'teal', failed: 'red' } as const;

const day = (value: string | null) => (value ? value.split('-').reverse().join('/') : 'Próximamente');

/** One video of the list: poster, title, date, duration, badges and its actions. Stacks on a phone. */
export function VideoCard({ video, canMoveUp, canMoveDown, busy, onEdit, onFiles, onToggleHidden, onMove, onDelete, onReprocess }: VideoCardProps) {
  const views = video.views === 0 ? 'nadie lo ha visto todavía' : video.views === 1 ? '1 agente lo ha visto' : `${video.views} agentes lo han visto`;
  return (
    <Card withBorder padding="sm" component="article" aria-label={video.title} opacity={video.hidden ? 0.75 : 1}>
      <Flex gap="md" direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'center' }}>
        <Box w={{ base: '100%', sm: 160 }} style={{ flexShrink: 0 }}>
          {video.poster_url ? (
            <Image src={video.poster_url} alt={`Portada de ${video.title}`} h={90} fit="cover" radius="sm" />
          ) : (
            <Stack h={90} bg="gray.1" align="center" justify="center" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
              <Text size="xs" c="dimmed">
                Sin portada
              </Text>
            </Stack>
          )}
        </Box>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6}>
            <Badge variant="light" color={video.position === 0 ? 'grape' : 'blue'}>
              {video.position === 0 ? 'Presentación' : `Formación ${video.position}`}
            </Badge>
            {video.hidden && <Badge color="gray">Oculto</Badge>}
            {!video.captions_url && (
              <Badge color="yellow" variant="outline">
                Sin subtítulos
              </Badge>
            )}
          </Group>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {video.title}
          </Text>
          <Group gap={6} wrap="nowrap" role="status" aria-label={`Estado de ${video.title}`}>
            <Badge variant="dot" color={PROCESSING_COLOR[video.processing]} style={{ flexShrink: 0 }}>
              {video.processing === 'failed' ? 'Error' : processingLabel(video)}
            </Badge>
            {video.processing === 'failed' && (
              <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
                {processingLabel(video)}
              </Text>
            )}
            {video.processing !== 'ready' && video.processing !== 'failed' && (
              <Text size="xs" c="dimmed">
                Los agentes lo verán cuando esté listo
              </Text>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            Desde {day(video.available_from)} · {formatDuration(video.duration_seconds)} · {views}
          </Text>
        </Stack>
        <Group gap={6} justify="flex-end" style={{ flexShrink: 0 }}>
          <Button size="xs" variant="default" disabled={!canMoveUp || busy} onClick={() => onMove(-1)} aria-label={`Subir ${video.title}`}>
            ↑
          </Button>
          <Button size="xs" variant="default" disabled={!canMoveDown || busy} onClick={() => onMove(1)} aria-label={`Bajar ${video.title}`}>
            ↓
          </Button>
          {video.processing === 'failed' && (
            <Button size="xs" color="red" onClick={onReprocess} disabled={busy} aria-label={`Reintentar ${video.title}`}>
              Reintentar
            </Button>
          )}
          <Button size="xs" variant="light" onClick={onEdit} disabled={busy} aria-label={`Editar ${video.title}`}>
            Editar
          </Button>
          <Button size="xs" variant="light" onClick={onFiles} disabled={busy} aria-label={`Archivos de ${video.title}`}>
            Archivos
          </Button>
          {video.position > 0 && (
            <Button size="xs" variant="light" color="gray" onClick={onToggleHidden} disabled={busy} aria-label={`${video.hidden ? 'Mostrar' : 'Ocultar'} ${video.title}`}>
              {video.hidden ? 'Mostrar' : 'Ocultar'}
            </Button>
          )}
          {mayDeleteVideo(video) && (
            <Button size="xs" variant="light" color="red" onClick={onDelete} disabled={busy} aria-label={`Borrar ${video.title}`}>
              Borrar
            </Button>
          )}
        </Group>
      </Flex>
    </Card>
  );
}
