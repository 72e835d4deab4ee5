import type { ReactNode } from 'react';
import { Card, Group, Stack, Text, Title } from '@mantine/core';

interface SectionCardProps {
  /** The h2's id, also the section's accessible name. */
  id: string;
  title: string;
  description?: ReactNode;
  /** Beside the title: the table's download. */
  action?: ReactNode;
  children: ReactNode;
}

/** One part of Seguimiento: a card with its heading, a line saying what it answers, and its download. */
export function SectionCard({ id, title, description, action, children }: SectionCardProps) {
  return (
    <Card component="section" aria-labelledby={id} padding="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} flex="1 1 240px">
            <Title order={2} size="h3" id={id}>
              {title}
            </Title>
            {description && (
              <Text size="sm" c="gray.7">
                {description}
              </Text>
            )}
          </Stack>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
