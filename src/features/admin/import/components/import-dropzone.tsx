import '@mantine/dropzone/styles.css';
import { Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone, MIME_TYPES, type FileRejection } from '@mantine/dropzone';
import { IMPORT_MAX_BYTES, IMPORT_WRONG_TYPE } from '#contract/admin';

// MIME types with their extensions: Windows often labels .csv as application/vnd.ms-excel.
const ACCEPT = { [MIME_TYPES.xlsx]: ['.xlsx'], [MIME_TYPES.xls]: ['.xls'], [MIME_TYPES.csv]: ['.csv'] };
const TOO_BIG = `El archivo es demasiado grande (máximo ${IMPORT_MAX_BYTES / 1024 / 1024} MB)`;

interface ImportDropzoneProps {
  importing: boolean;
  disabled: boolean;
  onFile: (file: File) => void;
  onRefused: (message: string) => void;
}

/** Drag and drop or click; only the first accepted file is taken (spec 5). */
export function ImportDropzone({ importing, disabled, onFile, onRefused }: ImportDropzoneProps) {
  const refuse = (rejections: FileRejection[]) => {
    const tooBig = rejections.some((r) => r.errors.some((e) => e.code === 'file-too-large'));
    onRefused(tooBig ? TOO_BIG : IMPORT_WRONG_TYPE);
  };
  return (
    <Dropzone
      onDrop={(files) => {
        const [first] = files;
        if (first) onFile(first);
      }}
      onReject={refuse}
      accept={ACCEPT}
      maxSize={IMPORT_MAX_BYTES}
      disabled={importing || disabled}
      loading={importing}
      aria-label="Subir archivo de usuarios"
      inputProps={{ 'aria-label': 'Archivo de usuarios (.xlsx, .xls o .csv)' }}
    >
      <Stack align="center" gap="xs" mih={160} justify="center" style={{ pointerEvents: 'none' }} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
          <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M12 16V4" />
            <path d="m7 9 5-5 5 5" />
            <path d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
          </svg>
        </ThemeIcon>
        {importing ? (
          <Text fw={700}>Importando usuarios...</Text>
        ) : (
          <>
            <Dropzone.Idle>
              <Text fw={700}>Arrastra aquí el archivo o haz clic para elegirlo</Text>
            </Dropzone.Idle>
            <Dropzone.Accept>
              <Text fw={700}>Suelta el archivo para importarlo</Text>
            </Dropzone.Accept>
            <Dropzone.Reject>
              <Text fw={700} c="red.8">
                {IMPORT_WRONG_TYPE}
              </Text>
            </Dropzone.Reject>
            <Text size="sm" c="dimmed">
              Excel (.xlsx, .xls) o CSV (.csv), un solo archivo de hasta {IMPORT_MAX_BYTES / 1024 / 1024} MB
            </Text>
          </>
        )}
      </Stack>
    </Dropzone>
  );
}
