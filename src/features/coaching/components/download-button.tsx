import { useState } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { AlertIcon } from '#components/alert-icon';
import { CoachingDownloadError, DOWNLOAD_FAILED, downloadTable, type TableDownload } from '#features/coaching/commands.ts';

interface DownloadButtonProps {
  /** The table's workbook request; null while the table has nothing to download yet. */
  download: TableDownload | null;
  /** The accessible name: which table ("Descargar el resumen en .xlsx"). */
  label: string;
}

/** "Descargar .xlsx" for one table. Online only: offline it says so and asks nothing. */
export function DownloadButton({ download, label }: DownloadButtonProps) {
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = () => {
    if (!download || running) return;
    setRunning(true);
    setError(null);
    downloadTable(download)
      .catch((failure: unknown) => setError(failure instanceof CoachingDownloadError ? failure.message : DOWNLOAD_FAILED))
      .finally(() => setRunning(false));
  };

  return (
    <Stack gap="xs" align="flex-end" maw="100%">
      <Button variant="light" size="sm" onClick={start} loading={running} disabled={!download} aria-label={label}>
        Descargar .xlsx
      </Button>
      {error && (
        <Alert color="red" icon={<AlertIcon />} role="alert" withCloseButton closeButtonLabel="Cerrar" onClose={() => setError(null)} p="xs">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
