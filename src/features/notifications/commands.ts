// Avisos writes: marking read and the preferences go through the outbox (runCommand), with the
// snapshot changed in the same transaction, so the centre and the bell's count change at once
// and offline; the drain sends them (Idempotency-Key) and the screens revalidate afterwards.
// Nothing is queued while a supervisor browses as an agent: the server refuses that session's writes.
import { buildPath } from '#contract/paths';
import { NOTIFICATION_PATHS } from '#contract/notifications-constants';
import type { NotificationList, NotificationPreferences } from '#contract/notifications';
import { runCommand, updateSnapshot } from '#offline/outbox';
import { isSimulatedNavigation } from '#offline/session';
import { cacheKeys } from '#data/cache-keys';
import { withAllRead, withRead } from './list-changes.ts';

const LIST = cacheKeys.notifications.list;

/** POST avisos/:id/leido, queued; the list shows it read at once. */
export async function markNotificationRead(userId: number, id: number): Promise<void> {
  if (isSimulatedNavigation()) return;
  await runCommand({
    userId,
    label: 'Aviso leído',
    subject: { kind: 'other' },
    request: { method: 'POST', path: buildPath(NOTIFICATION_PATHS.markRead, { id }) },
    affects: [LIST],
    apply: (tables) => updateSnapshot<NotificationList>(tables, LIST, userId, (list) => withRead(list, id)),
  });
}

/** POST avisos/leidos up to `hasta` (the newest listed): what arrived after it stays unread. */
export async function markAllNotificationsRead(userId: number, hasta: number): Promise<void> {
  if (isSimulatedNavigation()) return;
  await runCommand({
    userId,
    label: 'Avisos leídos',
    subject: { kind: 'other' },
    request: { method: 'POST', path: NOTIFICATION_PATHS.markAllRead, body: { hasta } },
    affects: [LIST],
    apply: (tables) => updateSnapshot<NotificationList>(tables, LIST, userId, (list) => withAllRead(list, hasta)),
  });
}

/** PUT avisos/preferencias with every kind; the switches keep the new state offline too. */
export async function saveNotificationPreferences(userId: number, preferences: NotificationPreferences): Promise<void> {
  if (isSimulatedNavigation()) return;
  const key = cacheKeys.notifications.preferences;
  await runCommand({
    userId,
    label: 'Preferencias de avisos',
    subject: { kind: 'other' },
    request: { method: 'PUT', path: NOTIFICATION_PATHS.preferences, body: preferences },
    affects: [key],
    apply: async (tables) => {
      // Written even without a snapshot yet: the switches must not jump back while it is queued.
      const row = await tables.cache.get(key);
      if (row && row.userId !== userId) return;
      await tables.cache.put({ key, userId, data: preferences, fetchedAt: row?.fetchedAt ?? Date.now() });
    },
  });
}
