import { Card, Stack, Text, Title } from '@mantine/core';
import type { Attribute } from '#contract/attributes';
import { AttributeProgressRow } from '#features/home/components/attribute-progress-row.tsx';

interface MonthlyProgressProps {
  attributes: Attribute[];
  /** Id of the running month's attribute, if any. */
  currentId: number | null;
  userId: number;
}

/** Spec 2: "Conoce el atributo de este mes", a progress bar per enabled attribute. */
export function MonthlyProgress({ attributes, currentId, userId }: MonthlyProgressProps) {
  return (
    <Card component="section" aria-labelledby="atributo-del-mes" h="100%">
      <Title order={2} size="h4" id="atributo-del-mes">
        Conoce el atributo de este mes
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="md">
        Tu avance en la formación de cada atributo: vídeos vistos y cuestionarios resueltos.
      </Text>
      <Stack gap="lg">
        {attributes.map((attribute) => (
          <AttributeProgressRow key={attribute.id} attribute={attribute} userId={userId} isCurrent={attribute.id === currentId} />
        ))}
      </Stack>
    </Card>
  );
}
