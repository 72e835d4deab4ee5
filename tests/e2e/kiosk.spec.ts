import type { Page } from '@playwright/test';
import type { SessionUser } from '#contract/session';
import { ACCESIBLE, agentWithUnseenVideo, auth, esNumber, impsOf, makePortrait, videosOf } from './api';
import { SESSION_KEY } from './device';
import { apiSignIn, expect, test } from './fixtures';
import { AlbumPage } from './pages/album-page';
import { AppShell } from './pages/app-shell';
import { DashboardPage } from './pages/dashboard-page';

// A shared kiosk in Chromium: after a sign-out (by hand, or by the idle timer of kiosk
// profiles) nothing of the previous user stays in IndexedDB, Cache Storage, localStorage or
// sessionStorage, except their unsent actions, which still reach the server and then go too.

interface Stored {
  indexedDb: Record<string, Record<string, unknown[]>>;
  localStorage: Record<string, string>;
  sessionStorage: Record<string, string>;
  caches: Record<string, string[]>;
}

/** Everything this origin keeps in the browser: every IndexedDB database and store, both storages, every cache's URLs. */
function everythingStored(page: Page): Promise<Stored> {
  return page.evaluate(async () => {
    // Blobs and bytes cannot be serialised: record that they are there, and how big.
    const plain = (value: unknown): unknown => {
      if (value instanceof Blob) return `[blob ${value.type} ${value.size}]`;
      if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return `[bytes ${(value as ArrayBuffer).byteLength}]`;
      if (Array.isArray(value)) return value.map(plain);
      if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
      return value;
    };
    const indexedDb: Record<string, Record<string, unknown[]>> = {};
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      indexedDb[name] = {};
      for (const store of Array.from(db.objectStoreNames)) {
        indexedDb[name][store] = await new Promise<unknown[]>((resolve, reject) => {
          const req = db.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => resolve(req.result.map(plain));
          req.onerror = () => reject(req.error);
        });
      }
      db.close();
    }
    const storage = (s: Storage) => Object.fromEntries(Array.from({ length: s.length }, (_, i) => s.key(i) ?? '').map((k) => [k, s.getItem(k) ?? '']));
    const cached: Record<string, string[]> = {};
    for (const name of await caches.keys()) cached[name] = (await (await caches.open(name)).keys()).map((r) => r.url);
    return { indexedDb, localStorage: storage(localStorage), sessionStorage: storage(sessionStorage), caches: cached };
  });
}

/** What names the user in stored text (every agent here has a nickname). */
const namesOf = (user: SessionUser) => [user.email, user.nick_name!, user.name];

/** Every mention of the user, anywhere in what the browser keeps. */
function tracesOf(stored: Stored, user: SessionUser): string[] {
  const text = JSON.stringify(stored);
  const needles = [...namesOf(user), `"userId":${user.id}`, `sync-credential:${user.id}`];
  return needles.filter((needle) => text.includes(needle));
}

const outboxOf = (stored: Stored) => (stored.indexedDb.impecable?.outbox ?? []) as Array<{ userId: number; path: string }>;
/** Stored images and files (blobs or raw bytes): a portrait is one. */
const binariesIn = (stored: Stored) => JSON.stringify(stored.indexedDb).match(/\[(blob|bytes) /g)?.length ?? 0;

test('kiosk: an agent signs out with work unsent; nothing of theirs stays, and the work still reaches the server', async ({ page, context, request, signInAs }) => {
  const a = await agentWithUnseenVideo(request, 'kiosk');
  await makePortrait(request, a.token, ACCESIBLE);
  const before = await impsOf(request, a.token);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const { user } = await signInAs({ email: a.email });

  // Personal things the kiosk now holds: the agent's portraits (stored for offline use).
  const album = new AlbumPage(page);
  await album.goto();
  await expect(page.getByRole('img', { name: /^Tu imagen con IA de / }).first()).toBeVisible();
  await expect.poll(async () => binariesIn(await everythingStored(page)), { timeout: 15_000 }).toBeGreaterThan(0);

  // Work done offline: a video finished, +5 queued on the device.
  const dashboard = new DashboardPage(page);
  await dashboard.goto('accesible');
  await dashboard.finishOffline(a.video.title);
  await expect(page.getByText(/pendientes?: \+5 IMPs, 1 vídeo/)).toBeVisible();
  await new AppShell(page).signOut();

  // Signed out, still offline: only the unsent rows (and their write-only credential) remain.
  const left = await everythingStored(page);
  expect(binariesIn(left)).toBe(0);
  expect(left.indexedDb.impecable?.cache).toEqual([]);
  expect(Object.keys(left.localStorage)).not.toContain(SESSION_KEY);
  expect(Object.keys(left.caches).filter((name) => name.startsWith('impecable-personal'))).toEqual([]);
  expect(Object.values(left.caches).flat().filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([]);
  for (const needle of namesOf(user)) expect(JSON.stringify(left)).not.toContain(needle);
  const unsent = outboxOf(left);
  expect(unsent.length).toBeGreaterThan(0);
  expect(unsent.every((row) => row.userId === user.id)).toBe(true);
  expect(unsent.some((row) => row.path === `/video/${a.video.id}/porcentaje`)).toBe(true);

  // Back online, nobody signed in: the login screen sends the work with the sync credential.
  await context.setOffline(false);
  await expect.poll(() => impsOf(request, a.token), { timeout: 30_000 }).toBe(before + 5);
  expect((await videosOf(request, a.token)).find((v) => v.id === a.video.id)?.visto).toBe(true);
  // Then the last trace (the credential) is revoked and forgotten: nothing of the agent at all.
  await expect.poll(async () => tracesOf(await everythingStored(page), user), { timeout: 45_000 }).toEqual([]);
  expect(await impsOf(request, a.token)).toBe(before + 5);

  // The next person on the kiosk sees only their own header.
  const { user: next } = await signInAs({ email: 'javier.garcia.035@impecable.demo' });
  await expect(new AppShell(page).greeting(next.nick_name!)).toBeVisible();
  await expect(page.getByText(`Hola, ${user.nick_name}`)).toHaveCount(0);
  await expect(new AppShell(page).balance()).not.toContainText(esNumber(before + 5));
});

test('kiosk: LATAM left idle is signed out by the app, its token is revoked, and the order list it saw is gone', async ({ page, request, signInAs }) => {
  await page.clock.install();
  const { user, token } = await signInAs('latam');
  await expect(page).toHaveURL(/\/listado-usuarios$/);
  await expect(page.getByRole('table')).toBeVisible();
  // Someone else's data on screen (and cached): a buyer's e-mail from the listing.
  const listing = await (await request.get('/api/listado-peru', auth(await apiSignIn(request, 'latam')))).json() as { listado: Array<{ user: { email: string } }> };
  const buyer = listing.listado[0]?.user.email ?? '';
  expect(buyer).not.toBe('');
  await expect.poll(async () => JSON.stringify((await everythingStored(page)).indexedDb).includes(buyer), { timeout: 15_000 }).toBe(true);

  // The idle timer loads after the first paint; it counts from the opening, which it records
  // as activity (use-idle-sign-out.ts): only then is nine minutes later its warning.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('impecable.activity'))).not.toBeNull();
  await page.clock.fastForward('09:05');
  await expect(page.getByRole('dialog', { name: '¿Sigues ahí?' })).toBeVisible();
  await page.clock.fastForward('01:00');
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });

  // Nothing unsent, so the write-only credential goes too (revoked in the background).
  await expect.poll(async () => tracesOf(await everythingStored(page), user), { timeout: 30_000 }).toEqual([]);
  expect(JSON.stringify(await everythingStored(page))).not.toContain(buyer);
  expect((await request.get('/api/listado-peru', auth(token))).status()).toBe(401);
});
