import { Box, LoadingOverlay, Stack, Text, ThemeIcon } from '@mantine/core';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { IMPORT_MAX_BYTES, IMPORT_WRONG_TYPE } from '#contract/admin-constants';
import { dropzoneClasses as classes } from '#components/dropzone-styles';

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

/**
 * Drag and drop or click (Enter or Space from the keyboard); only the first accepted file is
 * taken (spec 5). react-dropzone directly, not @mantine/dropzone: from 9.6 that package
 * requires Node 22 and this project supports Node 20.
 */
export function ImportDropzone({ importing, disabled, onFile, onRefused }: ImportDropzoneProps) {
  const off = importing || disabled;
  const { getRootProps, getInputProps, isDragAccept, isDragReject } = useDropzone({
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
  return (
    <div>
      {/* Beside the drop area, not inside it: a control inside a role="button" is a nested
          interactive element that screen readers can still reach (tabindex -1 does not hide it). */}
      <input {...getInputProps({ 'aria-label': 'Archivo de usuarios (.xlsx, .xls o .csv)' })} />
      <Box
        {...getRootProps({ role: 'button', 'aria-label': 'Subir archivo de usuarios', 'aria-disabled': off || undefined })}
        className={`${classes.root} mantine-focus-auto`}
        mod={{ accept: isDragAccept, reject: isDragReject, disabled: off }}
      >
        <LoadingOverlay visible={importing} overlayProps={{ radius: 'md' }} />
        <Stack align="center" gap="xs" mih={160} justify="center" ta="center" className={classes.inner}>
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
              {isDragAccept && <Text fw={700}>Suelta el archivo para importarlo</Text>}
              {isDragReject && (
                <Text fw={700} c="red.8">
                  {IMPORT_WRONG_TYPE}
                </Text>
              )}
              {!isDragAccept && !isDragReject && <Text fw={700}>Arrastra aquí el archivo o haz clic para elegirlo</Text>}
              <Text size="sm" c="dimmed">
                Excel (.xlsx, .xls) o CSV (.csv), un solo archivo de hasta {IMPORT_MAX_BYTES / 1024 / 1024} MB
              </Text>
            </>
          )}
        </Stack>
      </Box>
    </div>
  );
}
