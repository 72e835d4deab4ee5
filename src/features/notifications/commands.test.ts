import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationList, NotificationPreferences } from '#contract/notifications';
import type { SessionUser } from '#contract/session';
import { revalidate } from '#offline/cache';
import { db, resetDb } from '#offline/db';
import { setSession, signedOut } from '#offline/session';
import { cacheKeys } from '#data/cache-keys';
import { markAllNotificationsRead, markNotificationRead, saveNotificationPreferences } from './commands.ts';

const ana = 7;
const notice = (id: number, leido: boolean) => ({ id, tipo: 'quiz2-abierto' as const, titulo: `T${id}`, texto: 'x', url: '/home', creado: '2026-11-01T10:00:00Z', leido });
/** Three listed (2 unread), and 2 more unread too old to be listed. */
const list: NotificationList = { data: [notice(12, false), notice(11, true), notice(10, false)], no_leidos: 4 };
const LIST = cacheKeys.notifications.list;

async function snapshot<T>(key: string): Promise<T | undefined> {
  return (await db.cache.get(key))?.data as T | undefined;
}

beforeEach(async () => {
  await resetDb();
  setSession(signedOut);
  await db.cache.put({ key: LIST, userId: ana, data: list, fetchedAt: 1 });
});
afterEach(() => setSession(signedOut));

describe('marking read', () => {
  it('queues POST avisos/:id/leido and shows it read, with one less unread, at once', async () => {
    await markNotificationRead(ana, 12);
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ userId: ana, method: 'POST', path: '/avisos/12/leido', status: 'pending', affects: [LIST] });
    const after = await snapshot<NotificationList>(LIST);
    expect(after?.data.map((n) => [n.id, n.leido])).toEqual([[12, true], [11, true], [10, false]]);
    expect(after?.no_leidos).toBe(3);
  });

  it('marking a read one again changes no count', async () => {
    await markNotificationRead(ana, 11);
    expect((await snapshot<NotificationList>(LIST))?.no_leidos).toBe(4);
  });

  it('"Marcar todo como leído" marks up to the newest listed; older unlisted ones are read too', async () => {
    await markAllNotificationsRead(ana, 12);
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ method: 'POST', path: '/avisos/leidos', body: { hasta: 12 }, affects: [LIST] });
    const after = await snapshot<NotificationList>(LIST);
    expect(after?.data.every((n) => n.leido)).toBe(true);
    expect(after?.no_leidos).toBe(0);
  });

  it('a notice pushed after the list was read stays unread', async () => {
    await db.cache.put({ key: LIST, userId: ana, data: { ...list, data: [notice(13, false), ...list.data], no_leidos: 5 }, fetchedAt: 1 });
    await markAllNotificationsRead(ana, 12);
    const after = await snapshot<NotificationList>(LIST);
    expect(after?.no_leidos).toBe(1);
    expect(after?.data.find((n) => n.id === 13)?.leido).toBe(false);
  });

  it('the server’s older answer does not undo the change while it is queued', async () => {
    await markNotificationRead(ana, 12);
    await revalidate(LIST, ana, async () => list);
    expect((await snapshot<NotificationList>(LIST))?.data[0]?.leido).toBe(true);
  });

  it('queues nothing while a supervisor browses as the agent (the server refuses its writes)', async () => {
    const user = { id: ana } as SessionUser;
    setSession({ ...signedOut, status: 'authenticated', user, token: 't', originalUser: { id: 1 } as SessionUser, originalToken: 'o' });
    await markNotificationRead(ana, 12);
    await markAllNotificationsRead(ana, 12);
    expect(await db.outbox.count()).toBe(0);
    expect(await snapshot<NotificationList>(LIST)).toEqual(list);
  });
});

describe('preferences', () => {
  const prefs: NotificationPreferences = {
    tipos: { 'atributo-nuevo': true, 'quiz2-abierto': false, 'premio-acreditado': true, 'banda-perdida': true, 'cupon-listo': true },
  };

  it('queues PUT avisos/preferencias with every kind and keeps the switches where the agent left them', async () => {
    await saveNotificationPreferences(ana, prefs);
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ method: 'PUT', path: '/avisos/preferencias', body: prefs, affects: [cacheKeys.notifications.preferences] });
    expect(await snapshot(cacheKeys.notifications.preferences)).toEqual(prefs);
  });

  it('never writes over another user’s snapshot', async () => {
    await db.cache.put({ key: cacheKeys.notifications.preferences, userId: 99, data: { tipos: {} }, fetchedAt: 1 });
    await saveNotificationPreferences(ana, prefs);
    expect((await db.cache.get(cacheKeys.notifications.preferences))?.userId).toBe(99);
  });
});
