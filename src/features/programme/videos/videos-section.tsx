import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import type { AdminVideo } from '#contract/programme-videos';
import { canMoveVideo, moveVideo } from '#domain/programme-videos';
import { errorMessage } from '#api/http';
import { deleteVideo, reorderVideos, reprocessVideo, updateVideo } from '#api/programme-videos';
import { sessionAtom } from '#offline/session';
import { LoadError } from '#components/load-error';
import { PageLoader } from '#components/page-loader';
import { FilesForm } from './files-form.tsx';
import { useProgrammeVideos } from './queries.ts';
import { VideoCard } from './video-card.tsx';
import { VideoForm } from './video-form.tsx';

/** While a video is queued or being processed, the list is read again this often. */
export const PROCESSING_POLL_MS = 3_000;

type Dialog = { kind: 'new' } | { kind: 'edit'; video: AdminVideo } | { kind: 'files'; video: AdminVideo } | { kind: 'delete'; video: AdminVideo };

/** Programa › Vídeos: one attribute's videos in order (the first is the presentation), each with its actions. */
export function VideosSection() {
  const userId = useAtomValue(sessionAtom).user?.id ?? null;
  const query = useProgrammeVideos(userId);
  const { online } = useNetwork();
  const [picked, setPicked] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const processing = query.data?.some((a) => a.videos.some((v) => v.processing === 'queued' || v.processing === 'running')) ?? false;
  const { revalidate } = query;
  useEffect(() => {
    if (!processing || !online) return;
    const timer = setInterval(() => void revalidate(), PROCESSING_POLL_MS);
    return () => clearInterval(timer);
  }, [processing, online, revalidate]);

  if (query.isLoading && !query.data) return <PageLoader label="Cargando los vídeos..." />;
  if (!query.data) return <LoadError title={query.error ?? 'No se pudieron cargar los vídeos'} onRetry={() => void query.revalidate()} />;

  const attributes = query.data;
  const attribute = attributes.find((a) => String(a.id) === picked) ?? attributes.find((a) => a.enabled && a.videos.length > 0) ?? attributes[0];
  const videos = attribute?.videos ?? [];
  const refresh = () => void query.revalidate();

  const act = async (run: () => Promise<unknown>) => {
    if (!online) return setError('Necesitas conexión para cambiar los vídeos.');
    setBusy(true);
    setError(null);
    try {
      await run();
      refresh();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const move = (video: AdminVideo, step: -1 | 1) =>
    act(() => reorderVideos(video.atributo_id, moveVideo(videos.map((v) => v.id), video.id, step)));
  const toggleHidden = (video: AdminVideo) =>
    act(() => updateVideo(video.id, { title: video.title, available_from: video.available_from, hidden: !video.hidden }));

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        Los vídeos de cada atributo, en orden: el primero es la presentación. Sustituir un archivo conserva el progreso de los agentes; un vídeo que alguien ha visto se oculta, no se borra.
      </Text>
      {!online && (
        <Alert color="yellow" role="status">
          Necesitas conexión para cambiar los vídeos. Ves la última copia guardada.
        </Alert>
      )}
      {query.error && (
        <Alert color="yellow" role="status">
          No se pudo actualizar: {query.error}
        </Alert>
      )}
      <Group justify="space-between" align="flex-end" gap="sm">
        <Select
          label="Atributo"
          data={attributes.map((a) => ({ value: String(a.id), label: `${a.nombre} (${a.videos.length})` }))}
          value={attribute ? String(attribute.id) : null}
          onChange={setPicked}
          allowDeselect={false}
          w={{ base: '100%', xs: 280 }}
        />
        <Button onClick={() => setDialog({ kind: 'new' })} disabled={!online || !attribute} fullWidth={false}>
          Añadir vídeo
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {videos.length === 0 ? (
        <Text c="dimmed">Este atributo todavía no tiene vídeos. El primero que añadas será su presentación.</Text>
      ) : (
        <Stack gap="sm" aria-label={`Vídeos de ${attribute?.nombre ?? ''}`} component="section">
          {videos.map((video) => (
            <VideoCard
              key={video.id}
              video={video}
              busy={busy || !online}
              canMoveUp={canMoveVideo(videos, video.id, -1)}
              canMoveDown={canMoveVideo(videos, video.id, 1)}
              onEdit={() => setDialog({ kind: 'edit', video })}
              onFiles={() => setDialog({ kind: 'files', video })}
              onToggleHidden={() => void toggleHidden(video)}
              onMove={(step) => void move(video, step)}
              onDelete={() => setDialog({ kind: 'delete', video })}
              onReprocess={() => void act(() => reprocessVideo(video.id))}
            />
          ))}
        </Stack>
      )}

      {attribute && dialog?.kind === 'new' && <VideoForm attribute={attribute} video={null} online={online} onClose={() => setDialog(null)} onSaved={refresh} />}
      {attribute && dialog?.kind === 'edit' && <VideoForm attribute={attribute} video={dialog.video} online={online} onClose={() => setDialog(null)} onSaved={refresh} />}
      {dialog?.kind === 'files' && <FilesForm video={dialog.video} online={online} onClose={() => setDialog(null)} onSaved={refresh} />}
      {dialog?.kind === 'delete' && (
        <Modal opened onClose={() => setDialog(null)} title="¿Borrar este vídeo?">
          <Stack gap="md">
            <Text>
              Se borrará «{dialog.video.title}» y los que van detrás subirán un puesto. Nadie lo ha visto todavía: si alguien empieza a verlo antes, habrá que ocultarlo en lugar de borrarlo.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDialog(null)}>
                Cancelar
              </Button>
              <Button
                color="red"
                loading={busy}
                onClick={() => {
                  const { video } = dialog;
                  setDialog(null);
                  void act(() => deleteVideo(video.id));
                }}
              >
                Borrar
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}
