import { Alert, List, Text } from '@mantine/core';
import { AlertIcon } from '#components/alert-icon';
import type { ImportState } from '#features/admin/import/hooks/use-import.ts';

/** The success alert with the counts, or the error alert; each closable (spec 4). */
export function ImportResult({ state, onClose }: { state: ImportState; onClose: () => void }) {
  if (state.status === 'success') {
    const { result } = state;
    return (
      <Alert color="green" title="Usuarios importados" withCloseButton closeButtonLabel="Cerrar" onClose={onClose} role="status">
        <Text size="sm">{result.message}</Text>
        <Text size="sm" fw={700} mt={6}>
          Usuarios creados: {result.users_created} · Usuarios actualizados: {result.users_updated}
        </Text>
        {result.duplicados.length > 0 && (
          <List size="sm" mt={6}>
            {result.duplicados.map((d) => (
              <List.Item key={d.fila}>
                Fila {d.fila}: {d.email} (no importada, email repetido)
              </List.Item>
            ))}
          </List>
        )}
      </Alert>
    );
  }
  if (state.status === 'error') {
    return (
      <Alert color="red" icon={<AlertIcon />} withCloseButton closeButtonLabel="Cerrar" onClose={onClose} role="alert">
        {state.message}
      </Alert>
    );
  }
  return null;
}
