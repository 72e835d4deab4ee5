import { Button, Group, Stack, Text } from '@mantine/core';
import type { NotificationList as List } from '#contract/notifications';
import { LoadError } from '#components/load-error';
import { OfflineState } from '#components/offline-state';
import type { QueryStatus } from '#offline/use-cached-query';
import { markAllNotificationsRead } from '../commands.ts';
import { newestId } from '../list-changes.ts';
import { NotificationItem } from './notification-item.tsx';

interface NotificationListProps {
  userId: number;
  list: List | undefined;
  isLoading: boolean;
  error: string | null;
  /** The read's status: 'offline' shows the offline state instead of an error. */
  status: QueryStatus;
  onRetry: () => void;
  /** Show at most this many (the centre shows the newest); all when absent. */
  limit?: number;
  onOpen?: () => void;
}

/** The notifications, newest first, with "Marcar todo como leído" while any is unread. */
export function NotificationList({ userId, list, isLoading, error, status, onRetry, limit, onOpen }: NotificationListProps) {
  if (!list) {
    if (isLoading) return <Text c="gray.7">Cargando avisos...</Text>;
    if (status === 'offline') return <OfflineState inline onRetry={onRetry}>Abre los avisos con conexión una vez para verlos sin conexión.</OfflineState>;
    return <LoadError title={`No se pudieron cargar los avisos. ${error ?? ''}`.trim()} onRetry={onRetry} />;
  }
  const hasta = newestId(list);
  const shown = limit === undefined ? list.data : list.data.slice(0, limit);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="gray.8" aria-live="polite">
          {list.no_leidos === 0 ? 'Todo leído' : list.no_leidos === 1 ? '1 sin leer' : `${list.no_leidos} sin leer`}
        </Text>
        {list.no_leidos > 0 && hasta !== null && (
          <Button variant="light" size="compact-sm" onClick={() => void markAllNotificationsRead(userId, hasta).catch((e: unknown) => console.warn(e))}>
            Marcar todo como leído
          </Button>
        )}
      </Group>
      {shown.length === 0 ? (
        <Text c="gray.7">Aún no tienes avisos.</Text>
      ) : (
        <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Avisos">
          {shown.map((n) => (
            <NotificationItem key={n.id} userId={userId} notification={n} onOpen={onOpen} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
