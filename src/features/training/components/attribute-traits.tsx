import { Card, List, SimpleGrid, Text, Title } from '@mantine/core';
import { attributeTraits } from '#features/training/attribute-content.ts';

/** Spec 2: the attribute's personality and language/expression lists. */
export function AttributeTraits({ attributeId, attributeName }: { attributeId: number; attributeName: string }) {
  const traits = attributeTraits(attributeId);
  const groups = [
    { id: 'personalidad', title: 'Personalidad', intro: `Así es alguien ${attributeName}:`, items: traits.personality },
    { id: 'lenguaje', title: 'Lenguaje y expresión', intro: 'Así suena en una llamada:', items: traits.language },
  ];
  return (
    <Card component="section" aria-label={`Cómo es ser ${attributeName}`}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
        {groups.map((group) => (
          <div key={group.id}>
            <Title order={2} size="h5" id={group.id}>
              {group.title}
            </Title>
            <Text size="sm" c="dimmed" mt={2} mb="xs">
              {group.intro}
            </Text>
            <List spacing={8} size="sm" aria-labelledby={group.id}>
              {group.items.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}
