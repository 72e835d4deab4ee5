import { Card, Text } from '@mantine/core';

/** Spec 2: an unknown attribute slug in the URL. */
export function UnknownAttribute() {
  return (
    <Card>
      <Text fw={600} ta="center" py="lg">
        No existe ese atributo
      </Text>
    </Card>
  );
}
