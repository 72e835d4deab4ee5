import { expect, type BrowserContext, type Disposable, type Page } from '@playwright/test';
import type { SessionUser } from '#contract/session';

// What the browser under test keeps for this origin, read from the page itself (never through
// the app's code): the stored session, the Dexie tables, and whether the service worker is
// there yet. Server-side checks live in api.ts.

/** The localStorage key of the app's session (src/offline/session.ts): gone after a sign-out. */
export const SESSION_KEY = 'impecable.session';

/** The session the app stores there: the page's bearer token and who is signed in. */
export interface StoredSession {
  token: string;
  user: SessionUser;
  /** Set while a supervisor browses as an agent (navegación simulada). */
  originalUser: SessionUser | null;
}

export function storedSession(page: Page): Promise<StoredSession> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}') as StoredSession, SESSION_KEY);
}

export interface DeviceStorage {
  cache: unknown[];
  outbox: { id: string; userId: number; path: string; status: string }[];
  meta: { key: string; value: unknown }[];
  localStorage: Record<string, string>;
  caches: string[];
}

/** Everything this origin keeps on the device: the Dexie tables, localStorage, Cache Storage. */
export function readDeviceStorage(page: Page): Promise<DeviceStorage> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('impecable');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const all = (store: string) =>
      new Promise<unknown[]>((resolve, reject) => {
        if (!db.objectStoreNames.contains(store)) return resolve([]);
        const req = db.transaction(store).objectStore(store).getAll();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
    const [cache, outbox, meta] = await Promise.all([all('cache'), all('outbox'), all('meta')]);
    db.close();
    const local: Record<string, string> = {};
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      local[key] = localStorage.getItem(key) ?? '';
    }
    return { cache, outbox, meta, localStorage: local, caches: await caches.keys() } as DeviceStorage;
  });
}

/** Waits until a service worker is active for the page (it may not control it yet). */
export async function serviceWorkerReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/**
 * Waits for an active worker and reloads once, so the page (and an offline reload) is served
 * by it whatever the timing. Returns the controlling worker's script URL.
 */
export async function controlledByServiceWorker(page: Page): Promise<string | undefined> {
  await serviceWorkerReady(page);
  await page.reload();
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
}

/**
 * Waits until the worker has installed, i.e. precached everything: only then is the app
 * usable offline (the sign-in screen's chunks included). A first visit that drops sooner is not.
 */
export async function serviceWorkerActivated(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null), { timeout: 30_000 })
    .toBe('activated');
}

/** Set on a document opened while the device is offline (deviceNetwork): it reads navigator.onLine from it. */
const OPENED_OFFLINE = '__openedOffline';

/** Makes the documents `context` opens from now on read navigator.onLine as false, as on a device with no network. */
export function documentsOpenOffline(context: BrowserContext): Promise<Disposable> {
  // Its text, not a function: the bench runs under tsx, whose compiled functions call a helper
  // (__name) the page does not have.
  const flag = `window[${JSON.stringify(OPENED_OFFLINE)}]`;
  return context.addInitScript({
    content: `${flag} = true; Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => !${flag} });`,
  });
}

/**
 * context.setOffline as a device's network goes. Chromium's emulation cuts the requests and
 * tells the documents already open (navigator.onLine, 'offline', 'online'), but a document opened
 * while offline still reads navigator.onLine === true (Chromium 150): on a device every document
 * reads false, and every one hears 'online' when the network is back. So do these.
 */
export function deviceNetwork(context: BrowserContext): BrowserContext {
  const setOffline = context.setOffline.bind(context);
  let openOffline: Disposable | null = null;
  context.setOffline = async (offline: boolean) => {
    await setOffline(offline);
    if (offline && !openOffline) openOffline = await documentsOpenOffline(context);
    if (!offline && openOffline) {
      await openOffline.dispose();
      openOffline = null;
      await Promise.all(
        context.pages().map((page) =>
          page
            .evaluate((flag) => {
              const host = window as unknown as Record<string, boolean>;
              if (!host[flag]) return;
              host[flag] = false;
              window.dispatchEvent(new Event('online'));
            }, OPENED_OFFLINE)
            .catch(() => undefined),
        ),
      );
    }
  };
  return context;
}
