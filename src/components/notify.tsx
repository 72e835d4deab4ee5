// The app's one way to show a toast. The container (@mantine/notifications with its transition
// library) is not part of start-up: it mounts the first time something is shown (providers.tsx
// reads `notificationsWantedAtom`), and notifications.show() before it mounts is kept by the
// store and shown once it does.
import { atom, getDefaultStore } from 'jotai';
import type { NotificationData } from '@mantine/notifications';

/** True once something asked for a toast in this page: the container mounts from then on. */
export const notificationsWantedAtom = atom(false);

/** Shows `data` as a toast (loading the notifications package on first use). */
export async function notify(data: NotificationData): Promise<void> {
  getDefaultStore().set(notificationsWantedAtom, true);
  const { notifications } = await import('@mantine/notifications');
  notifications.show(data);
}
