import { useState } from 'react';
import { Card, Checkbox, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { PackDropzone } from './pack-dropzone.tsx';
import { PackResult } from './pack-result.tsx';
import { usePackImport, type PackImportState } from './use-pack-import.ts';

/** Importar: a pack into an empty programme, all or nothing; or only checked. */
export function ImportCard({ online }: { online: boolean }) {
  const imports = usePackImport();
  const [check, setCheck] = useState(false);

  return (
    <Card>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Importar un paquete
        </Title>
        <Text size="sm">
          Carga un paquete exportado desde otro entorno. Solo se importa en un programa vacío (sin vídeos, preguntas,
          productos, tablas de premios ni atributos con fechas o contenido), y se importa todo o nada: si el paquete tiene
          algún problema no se cambia nada y verás la lista de lo que hay que corregir.
        </Text>
        <Checkbox
          label="Solo comprobar el paquete (no importa nada)"
          checked={check}
          onChange={(event) => setCheck(event.currentTarget.checked)}
          disabled={imports.busy}
        />
        {imports.busy ? <Sending state={imports.state} /> : (
          <PackDropzone disabled={!online} onFile={(file) => imports.start(file, check)} onRefused={imports.refuse} />
        )}
        <PackResult state={imports.state} onClose={imports.clear} />
      </Stack>
    </Card>
  );
}

/** The upload's progress, then the wait while the server checks and writes. */
function Sending({ state }: { state: PackImportState }) {
  if (state.status === 'uploading') {
    const percent = Math.floor(state.fraction * 100);
    return (
      <Stack gap={6} role="status" aria-live="polite">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          Subiendo {state.fileName}: {percent} %
        </Text>
        <Progress value={percent} size="lg" aria-label="Progreso de la subida" animated />
      </Stack>
    );
  }
  if (state.status === 'checking') {
    return (
      <Group gap="sm" role="status" aria-live="polite" wrap="nowrap">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          Comprobando {state.fileName}: los archivos, las secciones y cada elemento...
        </Text>
      </Group>
    );
  }
  return null;
}
