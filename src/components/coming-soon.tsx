import type { ReactNode } from 'react';
import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';

interface ComingSoonProps {
  /** The page title as the product spells it. */
  title: string;
  /** Optional context under the title. */
  children?: ReactNode;
}

/** Placeholder for a screen whose content arrives in a later release. */
export function ComingSoon({ title, children }: ComingSoonProps) {
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
      <Card>
        <Stack align="center" gap="sm" py="xl">
          <ThemeIcon size={56} radius="xl" variant="light" color="brand" aria-hidden="true">
            <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <circle cx="12" cy="12" r="9" />
              <path d="M12 7v5l3 2" />
            </svg>
          </ThemeIcon>
          <Text fw={600} size="lg" ta="center">
            Disponible muy pronto.
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}
