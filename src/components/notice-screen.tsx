import type { ReactNode } from 'react';
import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';

interface NoticeScreenProps {
  /** A 24×24 stroke icon (decorative), drawn in a round badge. */
  icon?: ReactNode;
  iconColor?: string;
  title: string;
  /** 1 when the notice is the whole screen (its h1), 2 inside a screen that has its own, 3 inside a section. */
  headingOrder?: 1 | 2 | 3;
  /** What it means for the user, one short paragraph. */
  children?: ReactNode;
  /** The way on: a button back, a retry. */
  action?: ReactNode;
  /** False inside a card or section that already frames it: the same notice without its own card. */
  framed?: boolean;
}

/**
 * A screen that is not an error: no access, an attribute not open or unknown, nothing cached
 * offline. One card: icon, heading, a line of explanation and a way on; never a dead end.
 */
export function NoticeScreen({ icon, iconColor = 'brand', title, headingOrder = 1, children, action, framed = true }: NoticeScreenProps) {
  const notice = (
    <Stack align="center" gap="sm" py={framed ? 'lg' : 'xs'} ta="center" maw={520} mx="auto">
      {icon && (
        <ThemeIcon size={framed ? 64 : 48} radius="xl" variant="light" color={iconColor} aria-hidden="true">
          <svg width="30" height="30" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            {icon}
          </svg>
        </ThemeIcon>
      )}
      <Title order={headingOrder} size={headingOrder === 1 ? 'h2' : headingOrder === 2 ? 'h3' : 'h4'}>
        {title}
      </Title>
      {children && <Text c="gray.7">{children}</Text>}
      {action}
    </Stack>
  );
  if (!framed) return notice;
  return (
    <Card maw={520} w="100%" mx="auto" mt={{ base: 'md', sm: 'xl' }}>
      {notice}
    </Card>
  );
}
