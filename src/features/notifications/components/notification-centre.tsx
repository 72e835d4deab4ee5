import { Link } from 'react-router-dom';
import { Anchor, Divider, Drawer, Stack } from '@mantine/core';
import type { SessionUser } from '#contract/session';
import { paths } from '#domain/paths';
import { isSimulatedNavigation } from '#offline/session';
import { useNotifications } from '../queries.ts';
import { NotificationList } from './notification-list.tsx';
import { PushDeviceCard } from './push-device-card.tsx';

/** How many the centre lists; /avisos has them all. */
const CENTRE_LIMIT = 10;

interface NotificationCentreProps {
  user: SessionUser;
  opened: boolean;
  onClose: () => void;
}

/** Issue 21: the notification centre the bell opens, from the device's snapshot (offline too). */
export function NotificationCentre({ user, opened, onClose }: NotificationCentreProps) {
  // Opening the centre is the moment to be sure: refetched on open whatever the snapshot's age.
  const list = useNotifications(user.id, 0);
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="md" title="Avisos" closeButtonProps={{ 'aria-label': 'Cerrar avisos' }}>
      <Stack gap="md">
        <NotificationList
          userId={user.id}
          list={list.data}
          isLoading={list.isLoading}
          error={list.error}
          status={list.status}
          onRetry={() => void list.revalidate()}
          limit={CENTRE_LIMIT}
          onOpen={onClose}
        />
        <Anchor component={Link} to={paths.notifications.getHref()} onClick={onClose} size="sm">
          Ver todos los avisos y preferencias
        </Anchor>
        {!isSimulatedNavigation() && (
          <>
            <Divider />
            <PushDeviceCard />
          </>
        )}
      </Stack>
    </Drawer>
  );
}
