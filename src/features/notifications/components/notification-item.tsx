import { Link } from 'react-router-dom';
import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import type { AppNotification } from '#contract/notifications';
import { formatDateTime } from '#domain/format';
import { markNotificationRead } from '../commands.ts';
import classes from './notifications.module.css';

/** Only the app's own screens: a notification never sends the agent off the app. */
export function safeUrl(url: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? url : '/';
}

interface NotificationItemProps {
  userId: number;
  notification: AppNotification;
  /** After a tap opened its screen (the centre closes). */
  onOpen?: () => void;
}

/** One notification: a tap opens its screen and marks it read; "Marcar como leído" only marks it. */
export function NotificationItem({ userId, notification: n, onOpen }: NotificationItemProps) {
  const markRead = () => void markNotificationRead(userId, n.id).catch((error: unknown) => console.warn('Could not mark read', error));
  return (
    <li className={classes.item} data-unread={n.leido ? undefined : true}>
      <Link
        to={safeUrl(n.url)}
        className={classes.itemLink}
        onClick={() => {
          if (!n.leido) markRead();
          onOpen?.();
        }}
      >
        <Text fw={n.leido ? 500 : 700} size="sm">
          {n.leido ? null : <VisuallyHidden component="span">Sin leer: </VisuallyHidden>}
          {n.titulo}
        </Text>
        <Text size="sm" c="gray.8">
          {n.texto}
        </Text>
      </Link>
      <Group justify="space-between" gap="xs" mt={4} wrap="nowrap">
        <Text size="xs" c="gray.7">
          {formatDateTime(n.creado)}
        </Text>
        {!n.leido && (
          <Button variant="subtle" size="compact-xs" onClick={markRead} aria-label={`Marcar como leído: ${n.titulo}`}>
            Marcar como leído
          </Button>
        )}
      </Group>
    </li>
  );
}
