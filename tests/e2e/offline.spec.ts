import type { Page } from '@playwright/test';
import { agentWithUnseenVideo, esNumber, impsOf, type ApiVideo } from './api';
import { readDeviceStorage, serviceWorkerActivated, SESSION_KEY } from './device';
import { expect, test, type SignedIn } from './fixtures';
import { AppShell } from './pages/app-shell';
import { DashboardPage } from './pages/dashboard-page';

// The outbox end to end (Offline platform issue): actions queued with the network off reach
// the server exactly once, survive a closed page and a replay, and outlive a sign-out on a
// shared device without leaving that user's data behind. Each test owns its agents.

/** The figure in the header's Saldo box (IMPs, or IMPs+Rings for brand 1), as a number. */
async function shownBalance(page: Page): Promise<number> {
  const text = (await new AppShell(page).balance().innerText()).replace(/\./g, '');
  return Number(/(\d+)/.exec(text)?.[1] ?? NaN);
}

/** Signs in (with `signIn`), opens the video, goes offline and plays it to the end: +5 queued on the device. */
async function finishVideoOffline(
  page: Page, signIn: () => Promise<SignedIn>, video: ApiVideo, before: number, options: { serviceWorker?: boolean } = {},
): Promise<SignedIn> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const signedIn = await signIn();
  // Offline, the app must come from the worker: wait until it has precached everything.
  if (options.serviceWorker) await serviceWorkerActivated(page);
  const dashboard = new DashboardPage(page);
  await dashboard.goto('accesible');
  // Brand 1 shows IMPs+Rings: what matters is that the figure rises by 5 from the server's.
  await expect.poll(() => shownBalance(page)).toBeGreaterThanOrEqual(before);
  const shown = await shownBalance(page);
  await dashboard.finishOffline(video.title);
  await expect(dashboard.videoButton(video.title)).toHaveText('Ver de nuevo');
  await expect(new AppShell(page).balance()).toContainText(esNumber(shown + 5));
  await expect(new AppShell(page).pendingLine()).toHaveText('1 acción pendiente: +5 IMPs, 1 vídeo');
  return signedIn;
}

test.describe('without a service worker (the page drains by itself, as on Safari and Firefox)', () => {
  test.use({ serviceWorkers: 'block' });

  test('a page closed with queued actions sends them when reopened, exactly once', async ({ page, context, request, signInAs }) => {
    const { email, token, video } = await agentWithUnseenVideo(request, 'offline1');
    const before = await impsOf(request, token);
    await finishVideoOffline(page, () => signInAs({ email }), video, before);
    const queued = (await readDeviceStorage(page)).outbox;
    expect(queued.some((row) => row.path === `/video/${video.id}/porcentaje`)).toBe(true);
    await page.close();
    expect(await impsOf(request, token)).toBe(before);

    await context.setOffline(false);
    const reopened = await context.newPage();
    await reopened.goto('/home');
    await expect.poll(async () => (await readDeviceStorage(reopened)).outbox.length, { timeout: 30_000 }).toBe(0);
    expect(await impsOf(request, token)).toBe(before + 5);
    await reopened.reload();
    await expect.poll(async () => (await readDeviceStorage(reopened)).outbox.length).toBe(0);
    expect(await impsOf(request, token)).toBe(before + 5);
  });

  test('an action whose answer was lost is replayed with the same key and counted once', async ({ page, context, request, signInAs }) => {
    const { email, token, video } = await agentWithUnseenVideo(request, 'offline2');
    const before = await impsOf(request, token);
    const sent: { key: string | undefined; awarded: number | undefined }[] = [];
    // The server records the 100 % report (it travels in a POST /api/sync batch), but the answer never reaches the device.
    await page.route('**/api/sync', async (route) => {
      const response = await route.fetch();
      const { acciones } = route.request().postDataJSON() as { acciones: { id: string; path: string; body: { porcentaje?: number } }[] };
      const full = acciones.find((action) => action.path === `/video/${video.id}/porcentaje` && action.body.porcentaje === 100);
      if (!full) return route.fulfill({ response });
      const { resultados } = (await response.json()) as { resultados: { id: string; body: { imps_awarded?: number } }[] };
      sent.push({ key: full.id, awarded: resultados.find((result) => result.id === full.id)?.body.imps_awarded });
      if (sent.length === 1) return route.abort('connectionreset');
      return route.fulfill({ response });
    });

    await finishVideoOffline(page, () => signInAs({ email }), video, before);
    await context.setOffline(false);
    await expect.poll(() => sent.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    expect(await impsOf(request, token)).toBe(before + 5);
    // The device saw a network failure: reconnecting makes it send the same row again.
    await context.setOffline(true);
    await context.setOffline(false);
    await expect.poll(() => sent.length, { timeout: 30_000 }).toBe(2);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    // The first answer, replayed: run again, the report would award nothing.
    expect(sent.map((s) => s.awarded)).toEqual([5, 5]);
    await expect.poll(async () => (await readDeviceStorage(page)).outbox.length, { timeout: 15_000 }).toBe(0);
    expect(await impsOf(request, token)).toBe(before + 5);
  });
});

test('shared device: A signs out with unsent work, nothing of A stays, B sees only B, A is still credited', async ({ page, context, request, signInAs }) => {
  const a = await agentWithUnseenVideo(request, 'offline3');
  const before = await impsOf(request, a.token);
  const nickA = (await finishVideoOffline(page, () => signInAs({ email: a.email }), a.video, before, { serviceWorker: true })).user.nick_name!;

  await new AppShell(page).signOut();
  const left = await readDeviceStorage(page);
  expect(left.cache).toEqual([]);
  expect(left.meta.every((row) => row.key.startsWith('device:'))).toBe(true);
  expect(left.outbox.length).toBeGreaterThan(0);
  expect(Object.keys(left.localStorage)).not.toContain(SESSION_KEY);
  expect(left.caches.filter((name) => name.startsWith('impecable-personal'))).toEqual([]);
  const everything = JSON.stringify(left);
  expect(everything).not.toContain(a.email);
  expect(everything).not.toContain(nickA);

  await context.setOffline(false);
  const nickB = (await signInAs({ email: 'emma.gil.093@impecable.demo' })).user.nick_name!;
  await expect(new AppShell(page).greeting(nickB)).toBeVisible();
  await expect(page.getByText(`Hola, ${nickA}`)).toHaveCount(0);

  await expect.poll(() => impsOf(request, a.token), { timeout: 30_000 }).toBe(before + 5);
  await expect.poll(async () => (await readDeviceStorage(page)).outbox.length, { timeout: 15_000 }).toBe(0);
  // With nothing left to send, A's write-only credential is revoked and forgotten.
  const signedOutCredentials = async () =>
    (await readDeviceStorage(page)).meta.filter((row) => row.key.includes('sync-credential:') && JSON.stringify(row.value).includes('"signedOut":true')).length;
  await expect.poll(signedOutCredentials, { timeout: 40_000 }).toBe(0);
});

test('work left by a signed-out user is sent from the login screen, with nobody signed in', async ({ page, context, request, login, signInAs }) => {
  // As on Safari and Firefox: a service worker, but no Background Sync to hand the work to.
  await page.addInitScript(() => {
    delete (ServiceWorkerRegistration.prototype as { sync?: unknown }).sync;
  });
  const { email, token, video } = await agentWithUnseenVideo(request, 'offline4');
  const before = await impsOf(request, token);
  await finishVideoOffline(page, () => signInAs({ email }), video, before, { serviceWorker: true });
  await new AppShell(page).signOut();
  await login.expectVisible();
  expect((await readDeviceStorage(page)).outbox.length).toBeGreaterThan(0);

  await context.setOffline(false);
  await expect.poll(() => impsOf(request, token), { timeout: 30_000 }).toBe(before + 5);
  await expect.poll(async () => (await readDeviceStorage(page)).outbox.length, { timeout: 15_000 }).toBe(0);
  await login.expectVisible();
});
