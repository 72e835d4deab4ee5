import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import {
  CAPTIONS_ACCEPT, CAPTIONS_MAX_BYTES, MB, POSTER_ACCEPT, POSTER_MAX_BYTES, TITLE_MAX_LENGTH, VIDEO_ACCEPT, VIDEO_MAX_BYTES,
} from '#contract/programme-videos-constants';
import type { AdminVideo, VideoAttribute } from '#contract/programme-videos';
import { firstProblem, videoChangeProblems, videoFieldProblems } from '#domain/programme-videos';
import { errorMessage } from '#api/http';
import { updateVideo, uploadVideo } from '#api/programme-videos';
import { FilePick } from './file-pick.tsx';
import { UploadProgress } from './upload-progress.tsx';

interface VideoFormProps {
  attribute: VideoAttribute;
  /** null: a new video. */
  video: AdminVideo | null;
  online: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** A new video (title, date, MP4, subtitles, poster, with upload progress) or a video's title and date. */
export function VideoForm({ attribute, video, online, onClose, onSaved }: VideoFormProps) {
  const [title, setTitle] = useState(video?.title ?? '');
  const [date, setDate] = useState(video?.available_from ?? '');
  const [hidden, setHidden] = useState(video?.hidden ?? false);
  const [mp4, setMp4] = useState<File | null>(null);
  const [captions, setCaptions] = useState<File | null>(null);
  const [poster, setPoster] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const fields = { title, available_from: date.trim() === '' ? null : date.trim() };
  const problem = video
    ? firstProblem(videoChangeProblems(video, { ...fields, hidden }, attribute))
    : firstProblem(videoFieldProblems(fields, attribute)) ?? (mp4 ? null : 'Elige el archivo de vídeo (MP4)');

  const save = async () => {
    if (problem) return setError(problem);
    setSaving(true);
    setError(null);
    try {
      if (video) await updateVideo(video.id, { ...fields, hidden });
      else if (mp4) await uploadVideo({ atributo: attribute.id, title, availableFrom: fields.available_from, video: mp4, captions, poster }, setProgress);
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
    <Modal opened onClose={saving ? () => undefined : onClose} title={video ? 'Editar vídeo' : `Nuevo vídeo de ${attribute.nombre}`} size="lg">
      <Stack gap="md">
        <TextInput
          label="Título"
          required
          value={title}
          maxLength={TITLE_MAX_LENGTH + 20}
          onChange={(e) => setTitle(e.currentTarget.value)}
          description={`Hasta ${TITLE_MAX_LENGTH} caracteres.`}
          disabled={saving}
        />
        <TextInput
          label="Disponible desde"
          type="date"
          value={date}
          onChange={(e) => setDate(e.currentTarget.value)}
          description={attribute.month_end ? `Dentro del mes del atributo o antes (hasta el ${attribute.month_end.split('-').reverse().join('/')}). Vacío: «Próximamente».` : 'Vacío: «Próximamente».'}
          disabled={saving}
        />
        {video && video.position > 0 && (
          <Switch label="Oculto para los agentes" checked={hidden} onChange={(e) => setHidden(e.currentTarget.checked)} disabled={saving} />
        )}
        {!video && (
          <>
            <FilePick label="Vídeo (MP4)" accept={VIDEO_ACCEPT} maxBytes={VIDEO_MAX_BYTES} hint={`MP4 de hasta ${VIDEO_MAX_BYTES / MB} MB.`} picked={mp4} disabled={saving} onPick={setMp4} onError={setError} />
            <FilePick label="Subtítulos (opcional)" accept={CAPTIONS_ACCEPT} maxBytes={CAPTIONS_MAX_BYTES} hint="WebVTT (.vtt) de hasta 1 MB." picked={captions} disabled={saving} onPick={setCaptions} onError={setError} />
            <FilePick label="Portada (opcional)" accept={POSTER_ACCEPT} maxBytes={POSTER_MAX_BYTES} hint="PNG, JPEG o WebP de hasta 2 MB." picked={poster} disabled={saving} onPick={setPoster} onError={setError} />
          </>
        )}
        <UploadProgress progress={progress} checking="Comprobando el vídeo…" />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {!online && (
          <Alert color="yellow" role="status">
            Necesitas conexión para guardar vídeos.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancelar
          </Button>
          <Button onClick={() => void save()} loading={saving} disabled={!online}>
            {video ? 'Guardar' : 'Subir vídeo'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
