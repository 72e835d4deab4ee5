import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { CAPTIONS_ACCEPT, CAPTIONS_MAX_BYTES, MB, POSTER_ACCEPT, POSTER_MAX_BYTES, VIDEO_ACCEPT, VIDEO_MAX_BYTES } from '#contract/programme-videos-constants';
import type { AdminVideo } from '#contract/programme-videos';
import { errorMessage } from '#api/http';
import { replaceVideoFiles } from '#api/programme-videos';
import { FilePick } from './file-pick.tsx';
import { UploadProgress } from './upload-progress.tsx';

interface FilesFormProps {
  video: AdminVideo;
  online: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** Replaces a video's MP4, subtitles or poster (or takes the last two off): same video, so every agent's progress stays. */
export function FilesForm({ video, online, onClose, onSaved }: FilesFormProps) {
  const [mp4, setMp4] = useState<File | null>(null);
  const [captions, setCaptions] = useState<File | null>(null);
  const [poster, setPoster] = useState<File | null>(null);
  const [removeCaptions, setRemoveCaptions] = useState(false);
  const [removePoster, setRemovePoster] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const nothing = !mp4 && !captions && !poster && !removeCaptions && !removePoster;

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await replaceVideoFiles(video.id, { video: mp4, captions, poster, removeCaptions, removePoster }, setProgress);
      onSaved();
      onClose();
    } catch (e) {
      setError(errorMessage(e));
      setProgress(null);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={saving ? () => undefined : onClose} title={`Archivos de «${video.title}»`} size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Es el mismo vídeo: el progreso y los IMPs de los agentes se conservan. Los dispositivos descargarán el archivo nuevo.
        </Text>
        <FilePick label="Sustituir el vídeo (MP4)" accept={VIDEO_ACCEPT} maxBytes={VIDEO_MAX_BYTES} hint={`MP4 de hasta ${VIDEO_MAX_BYTES / MB} MB.`} picked={mp4} disabled={saving} onPick={setMp4} onError={setError} />
        <FilePick label="Subtítulos (.vtt)" accept={CAPTIONS_ACCEPT} maxBytes={CAPTIONS_MAX_BYTES} hint={video.captions_url ? 'Tiene subtítulos.' : 'Sin subtítulos.'} picked={captions} disabled={saving || removeCaptions} onPick={setCaptions} onError={setError} />
        {video.captions_url && !captions && <Checkbox label="Quitar los subtítulos" checked={removeCaptions} onChange={(e) => setRemoveCaptions(e.currentTarget.checked)} disabled={saving} />}
        <FilePick label="Portada" accept={POSTER_ACCEPT} maxBytes={POSTER_MAX_BYTES} hint={video.poster_url ? 'Tiene portada.' : 'Sin portada.'} picked={poster} disabled={saving || removePoster} onPick={setPoster} onError={setError} />
        {video.poster_url && !poster && <Checkbox label="Quitar la portada" checked={removePoster} onChange={(e) => setRemovePoster(e.currentTarget.checked)} disabled={saving} />}
        <UploadProgress progress={progress} checking="Comprobando los archivos…" />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {!online && (
          <Alert color="yellow" role="status">
            Necesitas conexión para cambiar archivos.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancelar
          </Button>
          <Button onClick={() => void save()} loading={saving} disabled={!online || nothing}>
            Guardar archivos
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
