import { useState } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { AlertIcon } from '#components/alert-icon';
import { CoachingDownloadError, DOWNLOAD_FAILED, downloadTable, type TableDownload } from '#features/coaching/commands.ts';

interface DownloadButtonProps {
  /** The table's workbook request; null while the table has nothing to download yet. */
  download: TableDownload | null;
  /** Which table, after the visible text: "del resumen" names the button "Descargar .xlsx del resumen". */
  of: string;
}

/** The button's visible text: its accessible name starts with it, so a voice user can say what they see. */
const TEXT = 'Descargar .xlsx';

/** "Descargar .xlsx" for one table. Online only: offline it says so and asks nothing. */
export function DownloadButton({ download, of }: DownloadButtonProps) {
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
      <Button variant="light" size="sm" onClick={start} loading={running} disabled={!download} aria-label={`${TEXT} ${of}`}>
        {TEXT}
      </Button>
      {error && (
        <Alert color="red" icon={<AlertIcon />} role="alert" withCloseButton closeButtonLabel="Cerrar" onClose={() => setError(null)} p="xs">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
