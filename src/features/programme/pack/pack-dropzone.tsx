import { Text } from '@mantine/core';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { PACK_EXTENSION, PACK_MAX_BYTES } from '#contract/programme-pack-constants';
import { Dropzone } from '#components/dropzone';

// Windows labels a .zip application/x-zip-compressed; the server checks its bytes anyway.
const ACCEPT = { 'application/zip': [PACK_EXTENSION], 'application/x-zip-compressed': [PACK_EXTENSION] };
const GB = 1024 ** 3;
export const PACK_WRONG_TYPE = 'El paquete del programa es un archivo .zip';
export const PACK_TOO_BIG = `El paquete es demasiado grande (máximo ${PACK_MAX_BYTES / GB} GB)`;

interface PackDropzoneProps {
  disabled: boolean;
  onFile: (file: File) => void;
  onRefused: (message: string) => void;
}

/** One .zip, dropped or chosen (the shared upload area, as the user import). */
export function PackDropzone({ disabled, onFile, onRefused }: PackDropzoneProps) {
  const state = useDropzone({
    onDropAccepted: ([first]) => {
      if (first) onFile(first);
    },
    onDropRejected: (rejections: FileRejection[]) => {
      const tooBig = rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'));
      onRefused(tooBig ? PACK_TOO_BIG : PACK_WRONG_TYPE);
    },
    accept: ACCEPT,
    maxSize: PACK_MAX_BYTES,
    multiple: false,
    disabled,
  });
  const { isDragAccept, isDragReject } = state;
  return (
    <Dropzone state={state} inputLabel="Paquete del programa (.zip)" disabled={disabled} minHeight={140} iconSize={52}>
      {isDragReject ? (
        <Text fw={700} c="red.8">
          {PACK_WRONG_TYPE}
        </Text>
      ) : (
        <Text fw={700}>{isDragAccept ? 'Suelta el paquete para subirlo' : 'Arrastra aquí el paquete o haz clic para elegirlo'}</Text>
      )}
      <Text size="sm" c="dimmed">
        Un archivo .zip exportado desde +impecable, de hasta {PACK_MAX_BYTES / GB} GB
      </Text>
    </Dropzone>
  );
}
