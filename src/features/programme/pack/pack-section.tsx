import { Alert, Stack } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { AlertIcon } from '#components/alert-icon';
import { ExportCard } from './export-card.tsx';
import { ImportCard } from './import-card.tsx';

/** Programa › Paquete del programa: export the whole programme as one .zip, or import one into an empty programme. Online only. */
export function PackSection() {
  const { online } = useNetwork();
  return (
    <Stack gap="lg">
      {!online && (
        <Alert color="yellow" icon={<AlertIcon />}>
          Necesitas conexión para exportar o importar el programa.
        </Alert>
      )}
      <ExportCard online={online} />
      <ImportCard online={online} />
    </Stack>
  );
}
