import { Text } from '@mantine/core';

/** Placeholder until this section of Programa is built (issue 35). */
export function MaintenanceSection() {
  return <Text c="dimmed">Esta sección está en preparación.</Text>;
}
