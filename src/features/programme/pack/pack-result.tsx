import { Alert, List, Paper, ScrollArea, SimpleGrid, Text } from '@mantine/core';
import type { PackCountName } from '#contract/programme-pack-constants';
import { AlertIcon } from '#components/alert-icon';
import type { PackImportState } from './use-pack-import.ts';

const COUNTS: { name: PackCountName; label: string }[] = [
  { name: 'atributos', label: 'Atributos con fechas o contenido' },
  { name: 'videos', label: 'Vídeos' },
  { name: 'preguntas', label: 'Preguntas de quiz' },
  { name: 'productos', label: 'Productos del catálogo' },
  { name: 'premios', label: 'Tablas de premios' },
  { name: 'medios', label: 'Archivos multimedia' },
];

/** The import's answer: what it imported (or would), counted per section; or why not, every problem by item. */
export function PackResult({ state, onClose }: { state: PackImportState; onClose: () => void }) {
  if (state.status === 'done') {
    const { result } = state;
    return (
      <Alert color="green" title={result.comprobado ? 'Paquete comprobado: no se ha importado nada' : 'Programa importado'} withCloseButton closeButtonLabel="Cerrar" onClose={onClose} role="status">
        <Text size="sm">{result.message}</Text>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" mt="sm">
          {COUNTS.map(({ name, label }) => (
            <Paper key={name} withBorder p="xs" radius="sm">
              <Text size="xl" fw={700} lh={1.2}>
                {result.resumen[name]}
              </Text>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Alert>
    );
  }
  if (state.status === 'refused') {
    return (
      <Alert color="red" icon={<AlertIcon />} title={state.message} withCloseButton closeButtonLabel="Cerrar" onClose={onClose} role="alert">
        {state.fileName && (
          <Text size="sm" mb={state.problems.length > 0 ? 'xs' : 0} style={{ overflowWrap: 'anywhere' }}>
            {state.fileName}: no se ha cambiado nada.{' '}
            {state.problems.length > 0 && (state.notEmpty
              ? 'El programa de este entorno ya tiene:'
              : `Corrige ${state.problems.length === 1 ? 'este problema' : `estos ${state.problems.length} problemas`} y vuelve a intentarlo:`)}
          </Text>
        )}
        {state.problems.length > 0 && (
          <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
            <List size="sm" spacing={4} aria-label="Problemas del paquete">
              {state.problems.map((problem, index) => (
                <List.Item key={`${problem.item}-${index}`}>
                  {state.notEmpty ? problem.message.replace(/^Ya tiene /, '') : (
                    <>
                      <Text span fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {problem.item}
                      </Text>
                      : {problem.message}
                    </>
                  )}
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
        )}
      </Alert>
    );
  }
  return null;
}

