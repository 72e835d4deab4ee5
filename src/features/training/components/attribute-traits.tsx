import { Card, List, SimpleGrid, Text, Title } from '@mantine/core';
import type { Attribute } from '#contract/attributes';

/**
 * Spec 2: the attribute's personality and language/expression lists, from the calendar
 * (Programa › Calendario y atributos). Nothing while the calendar is read or when both are empty.
 */
export function AttributeTraits({ attributeName, entry }: { attributeName: string; entry: Attribute | undefined }) {
  const groups = [
    { id: 'personalidad', title: 'Personalidad', intro: `Así es alguien ${attributeName}:`, items: entry?.personality ?? [] },
    { id: 'lenguaje', title: 'Lenguaje y expresión', intro: 'Así suena en una llamada:', items: entry?.language ?? [] },
  ].filter((group) => group.items.length > 0);
  if (groups.length === 0) return null;
  return (
    <Card component="section" aria-label={`Cómo es ser ${attributeName}`}>
      <SimpleGrid cols={{ base: 1, sm: groups.length }} spacing="xl">
        {groups.map((group) => (
          <div key={group.id}>
            <Title order={2} size="h5" id={group.id}>
              {group.title}
            </Title>
            <Text size="sm" c="dimmed" mt={2} mb="xs">
              {group.intro}
            </Text>
            <List spacing={8} size="sm" aria-labelledby={group.id}>
              {group.items.map((item, index) => (
                <List.Item key={index}>{item}</List.Item>
              ))}
            </List>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}
