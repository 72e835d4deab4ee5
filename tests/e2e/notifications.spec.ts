import type { BrowserContext, Page, Worker } from '@playwright/test';
import { NOTIFICATION_PATHS, type PushPayload } from '#contract/notifications';
import { paths } from '#domain/paths';
import { controlledByServiceWorker } from './device';
import { expect, test } from './fixtures';
import { NotificationsPage } from './pages/notifications-page';

// Avisos in Chromium (issue 21). Headless Chromium reaches no real push service, so
// pushManager.subscribe cannot succeed here: the push itself is delivered to the service worker
// through DevTools (ServiceWorker.deliverPushMessage, as the browser delivers a decrypted
// message), and the opt-in test stands a PushManager in for the browser's (a real P-256 key,
// the server validates it) to follow the subscription to the server and away at sign-out.

const SUBSCRIPTION_URL = `/api${NOTIFICATION_PATHS.pushSubscription}`;

async function workerOf(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? context.waitForEvent('serviceworker');
}

/**
 * Delivers `payload` to the service worker that controls `page`, as a push message, through
 * DevTools. DevTools also lists registrations of this browser's earlier contexts for the same
 * origin, so the registration is the one of the worker version controlling this very page.
 */
async function deliverPush(page: Page, payload: PushPayload): Promise<void> {
  const origin = new URL(page.url()).origin;
  const cdp = await page.context().newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      const found = versions.find((v) => v.status === 'activated' && (v.controlledClients ?? []).includes(targetInfo.targetId));
      if (found) resolve(found.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data: JSON.stringify(payload) });
  await cdp.detach();
}

/** What registration.getNotifications() lists: what the worker has on screen. */
function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
  });
}

test('a push shows a notification, a tap opens its screen, and the centre lists it offline', async ({ page, context, signInAs }) => {
  await context.grantPermissions(['notifications']);
  await signInAs('ana');
  // Away from /home and its month's modal, which would cover the header.
  await page.goto(paths.rules.getHref());
  await controlledByServiceWorker(page);
  const avisos = new NotificationsPage(page);
  // The centre's list is on the device once it has been read (the bell reads it on every page).
  await avisos.openCentre();
  await avisos.closeCentre();

  const payload: PushPayload = {
    id: 990_001,
    tipo: 'quiz2-abierto',
    titulo: 'Ya puedes hacer el Quiz 2',
    texto: 'El Quiz 2 de Accesible está abierto.',
    url: paths.attributes.getHref(),
  };
  await deliverPush(page, payload);
  await expect.poll(() => shownNotifications(page)).toEqual([{ title: payload.titulo, body: payload.texto, tag: 'aviso-990001', data: { url: payload.url, id: payload.id } }]);

  // The tap: the worker's own notificationclick listener runs with the notification it showed
  // (DevTools cannot click a system notification), and the open window goes to its screen.
  const worker = await workerOf(context);
  await worker.evaluate(async () => {
    // The worker's globals (this file is typed for pages).
    const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent: (event: Event) => boolean };
    const { NotificationEvent } = globalThis as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event };
    const [notification] = await scope.registration.getNotifications({ tag: 'aviso-990001' });
    if (!notification) throw new Error('no notification');
    scope.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
  });
  await expect(page).toHaveURL(new RegExp(`${payload.url}$`));
  await expect.poll(() => shownNotifications(page)).toEqual([]);

  // Offline, the centre lists it from the device: the worker put it there when it arrived.
  await context.setOffline(true);
  await page.reload();
  await expect(avisos.bell()).toHaveAccessibleName(/^Avisos: \d+ sin leer$/);
  const centre = await avisos.openCentre();
  await expect(centre.getByRole('link', { name: new RegExp(payload.titulo) })).toBeVisible();
  await expect(centre.getByText(payload.texto)).toBeVisible();
  await context.setOffline(false);
});

/** A PushManager standing in for the browser's: a real P-256 key and auth secret, an endpoint of this origin. */
function fakePushManager() {
  let current: { endpoint: string; toJSON: () => unknown; unsubscribe: () => Promise<boolean> } | null = null;
  const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  PushManager.prototype.getSubscription = async function () {
    return current as unknown as PushSubscription;
  };
  PushManager.prototype.subscribe = async function () {
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
    const p256dh = b64(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));
    const endpoint = `${location.origin}/push-stand-in/${crypto.randomUUID()}`;
    const json = { endpoint, expirationTime: null, keys: { p256dh, auth: b64(crypto.getRandomValues(new Uint8Array(16))) } };
    current = { endpoint, toJSON: () => json, unsubscribe: async () => ((current = null), true) };
    return current as unknown as PushSubscription;
  };
}

test('kiosk sign-out unsubscribes this device and removes it on the server before the session ends', async ({ page, context, shell, signInAs }) => {
  await context.grantPermissions(['notifications']);
  await page.addInitScript(fakePushManager);
  await signInAs('bruno');
  await controlledByServiceWorker(page);
  const avisos = new NotificationsPage(page);
  await avisos.gotoScreen();

  const stored = page.waitForResponse((r) => r.url().endsWith(SUBSCRIPTION_URL) && r.request().method() === 'POST');
  await avisos.enableButton().click();
  const saved = await stored;
  expect(saved.status()).toBe(200);
  await expect(avisos.disableButton()).toBeVisible();
  const subscribed = () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription())?.endpoint ?? null);
  expect(await subscribed()).toMatch(/\/push-stand-in\//);

  const order: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(SUBSCRIPTION_URL) && request.method() === 'DELETE') order.push('delete');
    if (request.url().endsWith('/api/auth/logout')) order.push('logout');
  });
  const removed = page.waitForResponse((r) => r.url().endsWith(SUBSCRIPTION_URL) && r.request().method() === 'DELETE');
  const menu = await shell.openMenu();
  await menu.getByRole('menuitem', { name: 'Salir' }).click();
  expect((await removed).status()).toBe(200);
  await expect(page).toHaveURL(/\/login$/);
  expect(order.slice(0, 2)).toEqual(['delete', 'logout']);
  // The browser forgot it too: a push sent to it now would be answered 410.
  expect(await subscribed()).toBeNull();
});
