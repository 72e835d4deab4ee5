import { LoadingOverlay, Text } from '@mantine/core';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { IMPORT_MAX_BYTES, IMPORT_WRONG_TYPE } from '#contract/admin-constants';
import { Dropzone } from '#components/dropzone';

// MIME types with their extensions: Windows often labels .csv as application/vnd.ms-excel.
const ACCEPT = {
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.ms-excel': ['.xls'],
  'text/csv': ['.csv'],
};
const TOO_BIG = `El archivo es demasiado grande (máximo ${IMPORT_MAX_BYTES / 1024 / 1024} MB)`;

interface ImportDropzoneProps {
  importing: boolean;
  disabled: boolean;
  onFile: (file: File) => void;
  onRefused: (message: string) => void;
}

/** One spreadsheet of users: only the first accepted file is taken (spec 5). */
export function ImportDropzone({ importing, disabled, onFile, onRefused }: ImportDropzoneProps) {
  const off = importing || disabled;
  const state = useDropzone({
    onDropAccepted: ([first]) => {
      if (first) onFile(first);
    },
    onDropRejected: (rejections: FileRejection[]) => {
      const tooBig = rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'));
      onRefused(tooBig ? TOO_BIG : IMPORT_WRONG_TYPE);
    },
    accept: ACCEPT,
    maxSize: IMPORT_MAX_BYTES,
    disabled: off,
  });
  const { isDragAccept, isDragReject } = state;
  return (
    <Dropzone
      state={state}
      inputLabel="Archivo de usuarios (.xlsx, .xls o .csv)"
      disabled={off}
      minHeight={160}
      iconSize={56}
      overlay={<LoadingOverlay visible={importing} overlayProps={{ radius: 'md' }} />}
    >
      {importing ? (
        <Text fw={700}>Importando usuarios...</Text>
      ) : (
        <>
          {isDragAccept && <Text fw={700}>Suelta el archivo para importarlo</Text>}
          {isDragReject && (
            <Text fw={700} c="red.8">
              {IMPORT_WRONG_TYPE}
            </Text>
          )}
          {!isDragAccept && !isDragReject && <Text fw={700}>Arrastra aquí el archivo de usuarios o haz clic para elegirlo</Text>}
          <Text size="sm" c="dimmed">
            Excel (.xlsx, .xls) o CSV (.csv), un solo archivo de hasta {IMPORT_MAX_BYTES / 1024 / 1024} MB
          </Text>
        </>
      )}
    </Dropzone>
  );
}
