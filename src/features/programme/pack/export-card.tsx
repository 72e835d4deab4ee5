import { useState } from 'react';
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { downloadProgrammePack } from '#api/programme-pack';
import { toApiRequestError } from '#api/http';
import { AlertIcon } from '#components/alert-icon';
import { saveFile } from '#components/save-file';

/** Exportar: the whole programme, with its files, downloaded as one .zip. */
export function ExportCard({ online }: { online: boolean }) {
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function exportPack() {
    setExporting(true);
    setError(null);
    try {
      const { blob, fileName } = await downloadProgrammePack();
      saveFile(blob, fileName);
    } catch (failure) {
      setError(toApiRequestError(failure).message);
    } finally {
      setExporting(false);
    }
  }

  return (
    <Card>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Exportar el programa
        </Title>
        <Text size="sm">
          Descarga todo el programa en un solo archivo .zip: el calendario y los atributos con sus textos e imágenes, los
          vídeos con sus subtítulos y portadas, los quizzes, el catálogo de premios y las tablas de premios. Sirve para
          llevar el programa de un entorno de pruebas a producción o para guardar una copia.
        </Text>
        <Text size="xs" c="dimmed">
          No incluye usuarios, puntos, pedidos ni la configuración de mantenimiento.
        </Text>
        {error && (
          <Alert color="red" icon={<AlertIcon />} role="alert" withCloseButton closeButtonLabel="Cerrar" onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        <Button onClick={() => void exportPack()} loading={exporting} disabled={!online} style={{ alignSelf: 'flex-start' }}>
          Exportar programa (.zip)
        </Button>
      </Stack>
    </Card>
  );
}
