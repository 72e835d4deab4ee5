import { Box, Stack, Text, ThemeIcon } from '@mantine/core';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { PACK_EXTENSION, PACK_MAX_BYTES } from '#contract/programme-pack-constants';
import { dropzoneClasses as classes } from '#components/dropzone-styles';

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

/** Drag and drop or click (Enter or Space from the keyboard) one .zip. react-dropzone, as the user import. */
export function PackDropzone({ disabled, onFile, onRefused }: PackDropzoneProps) {
  const { getRootProps, getInputProps, isDragAccept, isDragReject } = useDropzone({
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
  return (
    <div>
      {/* Beside the drop area, not inside it: a control inside a role="button" is a nested interactive element. */}
      <input {...getInputProps({ 'aria-label': 'Paquete del programa (.zip)' })} />
      <Box
        {...getRootProps({ role: 'button', 'aria-label': 'Elegir el paquete del programa (.zip)', 'aria-disabled': disabled || undefined })}
        className={`${classes.root} mantine-focus-auto`}
        mod={{ accept: isDragAccept, reject: isDragReject, disabled }}
      >
        <Stack align="center" gap="xs" mih={140} justify="center" ta="center" className={classes.inner}>
          <ThemeIcon size={52} radius="xl" variant="light" aria-hidden="true">
            <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M12 16V4" />
              <path d="m7 9 5-5 5 5" />
              <path d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
            </svg>
          </ThemeIcon>
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
        </Stack>
      </Box>
    </div>
  );
}
