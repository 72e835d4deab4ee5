import type { ReactNode } from 'react';
import { Card, Stack, Title } from '@mantine/core';

interface RulesCardProps {
  id: string;
  title: string;
  children: ReactNode;
}

/** One titled section of the rules page. */
export function RulesCard({ id, title, children }: RulesCardProps) {
  return (
    <Card component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
