import type { ReactNode } from 'react';
import { Group, Stack, Title } from '@mantine/core';
import { FreshnessNote } from '#components/freshness-note';
import { RouteTitleText } from '#components/route-title';

interface ScreenTitleProps {
  /** The route's title (routes.ts) unless the screen says otherwise. */
  title?: string;
  /** When the shown snapshot came from the server; its age shows while it is not confirmed. */
  fetchedAt?: number;
  isStale?: boolean;
  /** Right-hand side: a balance, a link. */
  aside?: ReactNode;
}

/** The title row of a rewards screen, with the age of the data when it comes from the device. */
export function ScreenTitle({ title, fetchedAt, isStale = false, aside }: ScreenTitleProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {title ?? <RouteTitleText />}
        </Title>
        <FreshnessNote fetchedAt={fetchedAt} isStale={isStale} />
      </Stack>
      {aside}
    </Group>
  );
}
