import { Alert, Anchor, Card, Code, Stack, Text, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IMPORT_COLUMNS, REQUIRED_IMPORT_COLUMNS } from '#contract/admin-constants';
import { IMPORT_TEMPLATE_URL } from '#api/admin';
import { AlertIcon } from '#components/alert-icon';
import { RouteTitleText } from '#components/route-title';
import { ImportDropzone } from '#features/admin/import/components/import-dropzone.tsx';
import { ImportResult } from '#features/admin/import/components/import-result.tsx';
import { useImport } from '#features/admin/import/hooks/use-import.ts';

/** /importar-usuarios: upload a spreadsheet of users; online only (it is not queued). */
export function ImportScreen() {
  const { online } = useNetwork();
  const imports = useImport();
  const importing = imports.state.status === 'importing';

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <RouteTitleText />
      </Title>
      <Card>
        <Stack gap="md">
          {!online && (
            <Alert color="yellow" icon={<AlertIcon />}>
              Estás sin conexión: necesitas conexión para importar usuarios.
            </Alert>
          )}
          <ImportDropzone importing={importing} disabled={!online} onFile={imports.start} onRefused={imports.fail} />
          <ImportResult state={imports.state} onClose={imports.clear} />
        </Stack>
      </Card>
      <Card>
        <Stack gap="xs">
          <Title order={2} size="h4">
            Instrucciones
          </Title>
          <Text size="sm">
            La primera fila lleva los nombres de las columnas: {IMPORT_COLUMNS.map((c, i) => (
              <span key={c}>
                {i > 0 && ', '}
                <Code>{c}</Code>
              </span>
            ))}
            . Son obligatorias {REQUIRED_IMPORT_COLUMNS.join(', ')}.
          </Text>
          <Text size="sm">
            Los usuarios duplicados por email no se importan: cuenta la primera fila y las demás se indican en el
            resultado. Si el email ya existe, el usuario se actualiza. Si alguna fila no es válida no se importa nada y se
            indica el número de fila.
          </Text>
          <Text size="sm">
            Solo un admin puede dar perfiles de gestión (admin, INTERNO, PLATAFORMA, LATAM) o puntos Ring Ring. INTERNO
            importa agentes de su marca y PLATAFORMA agentes de su plataforma. Nadie puede cambiar su propio usuario.
          </Text>
          <Anchor href={IMPORT_TEMPLATE_URL} download size="sm" fw={600}>
            Descargar plantilla de ejemplo (.xlsx)
          </Anchor>
        </Stack>
      </Card>
    </Stack>
  );
}
