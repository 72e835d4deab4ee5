import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { NotificationList, PushPayload } from '#contract/notifications';
import { db, resetDb } from '#offline/db';
import { NOTIFICATIONS_KEY } from '#offline/worker-keys';
import { appUrl, registerPush } from './push';

type Listener = (event: unknown) => void;
const ORIGIN = 'https://impecable.test';

interface FakeWindow {
  url: string;
  focused: boolean;
  controlled: boolean;
  focus: () => Promise<FakeWindow>;
  navigate: (url: string) => Promise<FakeWindow | null>;
}

function fakeWindow(url: string, focused: boolean, controlled = true): FakeWindow {
  const w: FakeWindow = {
    url,
    focused,
    controlled,
    focus: async () => {
      w.focused = true;
      return w;
    },
    // As in browsers: navigate() rejects on a window the worker does not control.
    navigate: async (to) => {
      if (!w.controlled) throw new TypeError('not controlled');
      w.url = to;
      return w;
    },
  };
  return w;
}

/** Just enough of ServiceWorkerGlobalScope: listeners, shown notifications, windows. */
function fakeWorker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, Listener>();
  const shown: Array<{ title: string; options: NotificationOptions }> = [];
  const opened: string[] = [];
  const scope = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: { showNotification: async (title: string, options: NotificationOptions) => void shown.push({ title, options }) },
    clients: {
      matchAll: async () => windows,
      openWindow: async (url: string) => void opened.push(url),
    },
  };
  registerPush(scope as unknown as ServiceWorkerGlobalScope);
  const fire = async (type: string, fields: object) => {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...fields, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  };
  const push = (body: unknown) => fire('push', { data: body === undefined ? null : { json: () => (typeof body === 'string' ? JSON.parse(body) : body) } });
  const click = (data: unknown) => {
    const notification = { data, closed: false, close: () => (notification.closed = true) };
    return fire('notificationclick', { notification }).then(() => notification);
  };
  return { push, click, shown, opened };
}

const payload: PushPayload = { id: 21, tipo: 'quiz2-abierto', titulo: 'Se abre el Quiz 2', texto: 'Ya puedes hacer el Quiz 2 de Accesible.', url: '/dashboard/accesible' };
const stored: NotificationList = {
  data: [{ id: 20, tipo: 'atributo-nuevo', titulo: 'Nuevo', texto: 'x', url: '/home', creado: '2026-11-01T10:00:00Z', leido: true }],
  no_leidos: 0,
};

beforeEach(async () => {
  await resetDb();
});

describe('push', () => {
  it('shows the notice with its title, text, icon, tag and screen', async () => {
    const worker = fakeWorker();
    await worker.push(payload);
    expect(worker.shown).toEqual([
      { title: payload.titulo, options: expect.objectContaining({ body: payload.texto, icon: '/icons/icon-192.png', tag: 'aviso-21', data: { url: '/dashboard/accesible', id: 21 } }) },
    ]);
  });

  it('puts it at the top of the centre’s snapshot, unread, once however often it arrives', async () => {
    await db.cache.put({ key: NOTIFICATIONS_KEY, userId: 7, data: stored, fetchedAt: 1 });
    const worker = fakeWorker();
    await worker.push(payload);
    await worker.push(payload);
    const row = await db.cache.get(NOTIFICATIONS_KEY);
    const list = row?.data as NotificationList;
    expect(row?.userId).toBe(7);
    expect(list.no_leidos).toBe(1);
    expect(list.data.map((n) => [n.id, n.leido])).toEqual([[21, false], [20, true]]);
    expect(list.data[0]).toMatchObject({ titulo: payload.titulo, url: payload.url, tipo: 'quiz2-abierto' });
  });

  it('writes no snapshot where there was none (signed out: the worker cannot tell whose it would be)', async () => {
    await fakeWorker().push(payload);
    expect(await db.cache.count()).toBe(0);
  });

  it('an unreadable payload still shows a notice (never the browser’s own text) and stores nothing', async () => {
    await db.cache.put({ key: NOTIFICATIONS_KEY, userId: 7, data: stored, fetchedAt: 1 });
    const worker = fakeWorker();
    await worker.push({ id: 'x', titulo: 1 });
    await worker.push(undefined);
    expect(worker.shown.map((s) => s.title)).toEqual(['+impecable', '+impecable']);
    expect(worker.shown[0]?.options.data).toEqual({ url: '/', id: null });
    expect((await db.cache.get(NOTIFICATIONS_KEY))?.data).toEqual(stored);
  });
});

describe('notificationclick', () => {
  it('closes the notice, focuses the open window and takes it to the screen', async () => {
    const background = fakeWindow(`${ORIGIN}/home`, false);
    const front = fakeWindow(`${ORIGIN}/ranking/accesible`, true);
    const worker = fakeWorker([background, front]);
    const notification = await worker.click({ url: '/dashboard/accesible', id: 21 });
    expect(notification.closed).toBe(true);
    expect(front.url).toBe(`${ORIGIN}/dashboard/accesible`);
    expect(background.url).toBe(`${ORIGIN}/home`);
    expect(worker.opened).toEqual([]);
  });

  it('opens a window when none is open, or the open one is not the worker’s', async () => {
    const none = fakeWorker();
    await none.click({ url: '/avisos' });
    expect(none.opened).toEqual([`${ORIGIN}/avisos`]);
    const foreign = fakeWorker([fakeWindow(`${ORIGIN}/home`, true, false)]);
    await foreign.click({ url: '/avisos' });
    expect(foreign.opened).toEqual([`${ORIGIN}/avisos`]);
  });

  it('never leaves the app: another origin or a protocol-relative URL opens the home page', async () => {
    expect(appUrl('https://evil.example/x', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(appUrl('//evil.example/x', ORIGIN)).toBe(`${ORIGIN}/`);
    expect(appUrl(undefined, ORIGIN)).toBe(`${ORIGIN}/`);
    expect(appUrl('/ranking/accesible?vista=global', ORIGIN)).toBe(`${ORIGIN}/ranking/accesible?vista=global`);
  });
});
