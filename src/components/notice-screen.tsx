import type { ReactNode } from 'react';
import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';

interface NoticeScreenProps {
  /** A 24×24 stroke icon (decorative), drawn in a round badge. */
  icon?: ReactNode;
  iconColor?: string;
  title: string;
  /** 1 when the notice is the whole screen (its h1), 2 inside a screen that has its own. */
  headingOrder?: 1 | 2;
  /** What it means for the user, one short paragraph. */
  children?: ReactNode;
  /** The way on: a button back, a retry. */
  action?: ReactNode;
}

/**
 * A screen that is not an error: no access, an attribute not open or unknown, nothing cached
 * offline. One card: icon, heading, a line of explanation and a way on; never a dead end.
 */
export function NoticeScreen({ icon, iconColor = 'brand', title, headingOrder = 1, children, action }: NoticeScreenProps) {
  return (
    <Card maw={520} w="100%" mx="auto" mt={{ base: 'md', sm: 'xl' }}>
      <Stack align="center" gap="sm" py="lg" ta="center">
        {icon && (
          <ThemeIcon size={64} radius="xl" variant="light" color={iconColor} aria-hidden="true">
            <svg width="30" height="30" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              {icon}
            </svg>
          </ThemeIcon>
        )}
        <Title order={headingOrder} size={headingOrder === 1 ? 'h2' : 'h3'}>
          {title}
        </Title>
        {children && <Text c="gray.7">{children}</Text>}
        {action}
      </Stack>
    </Card>
  );
}
