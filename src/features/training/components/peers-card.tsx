import { Badge, Card, Text, Title } from '@mantine/core';

/** Spec 2: "Cómo te ven tus compañeros", announced as coming soon. */
export function PeersCard() {
  return (
    <Card component="section" aria-labelledby="companeros">
      <Title order={2} size="h5" id="companeros">
        Cómo te ven tus compañeros
      </Title>
      <Badge variant="light" color="gray" radius="sm" tt="none" mt={6}>
        Próximamente...
      </Badge>
      <Text size="sm" c="dimmed" mt="xs">
        Pronto sabrás cómo valoran tus compañeros este atributo en tu día a día.
      </Text>
    </Card>
  );
}
