// The notification centre's snapshot as the service worker feeds it: a pushed notice goes to
// the top of the device's copy of GET avisos, unread, so the centre lists it offline. Only an
// existing snapshot (its key is in worker-keys.ts): the worker cannot tell who is signed in,
// and with none (signed out, or the centre never read) the next read brings the notice from
// the server anyway. Never fetches.
import type { AppNotification, NotificationList, PushPayload } from '#contract/notifications';
import { db } from './db.ts';
import { NOTIFICATIONS_KEY } from './worker-keys.ts';
/** The list holds the newest 50, as GET avisos answers. */
const LIST_SIZE = 50;

/** Adds `payload` to the centre's snapshot; false when there is none or it is already there. */
export async function addPushedNotice(payload: PushPayload, now = Date.now()): Promise<boolean> {
  return db.transaction('rw', db.cache, async () => {
    const row = await db.cache.get(NOTIFICATIONS_KEY);
    if (!row) return false;
    const list = row.data as NotificationList;
    if (list.data.some((n) => n.id === payload.id)) return false;
    const notice: AppNotification = { ...payload, creado: new Date(now).toISOString(), leido: false };
    const data = [notice, ...list.data].sort((a, b) => b.id - a.id).slice(0, LIST_SIZE);
    await db.cache.put({ ...row, data: { data, no_leidos: list.no_leidos + 1 } satisfies NotificationList });
    return true;
  });
}
