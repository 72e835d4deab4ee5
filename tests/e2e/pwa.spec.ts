import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type APIRequestContext, type Page } from '@playwright/test';
import { controlledByServiceWorker } from './device';
import { videosOf } from './api';
import { apiLogin, expect, test } from './fixtures';

// Signed-in screens that must open offline (precached shell + session + Dexie snapshots).
// Each feature issue adds its screens to this list when it ships them.
const OFFLINE_PATHS: { path: string; shows: string }[] = [
  { path: '/home', shows: 'Conoce el atributo de este mes' },
  { path: '/atributos', shows: 'Navega por los atributos disponibles' },
  { path: '/dashboard/accesible', shows: 'MÓDULO FORMATIVO' },
  { path: '/cuestionario/accesible/quizz/1', shows: 'Quizz 1 · Accesible' },
  { path: '/reglas-impecables', shows: 'Cómo ganar IMPs' },
  { path: '/premios', shows: 'Catálogo de premios' },
  { path: '/mis-ordenes', shows: 'Mis Premios' },
  { path: '/mis-ingresos', shows: 'Historial de IMPs' },
  { path: '/album-imagenes', shows: 'Álbum de fotos' },
  { path: '/ranking/accesible', shows: 'Ranking de tu sede' },
  // Supervisor screens as this agent sees them (admin.spec.ts opens them offline as supervisors).
  { path: '/navegacion-simulada', shows: 'No tienes acceso a esta sección' },
  { path: '/listado-usuarios', shows: 'Acceso restringido' },
  // /importar-usuarios sends agents to /home (staff only); admin.spec.ts imports as admin (online only).
  { path: '/descargar/ranking', shows: 'No tienes acceso a esta seccion' },
];

// Same names as src/offline/cache-names.ts (the page and the worker share them).
const VIDEOS_CACHE = 'impecable-videos';

/** The first candidate (local part of a demo e-mail) whose brand is 2 (catalogue, orders, history). */
async function brandTwoAgent(request: APIRequestContext, candidates: string[]): Promise<string> {
  for (const name of candidates) {
    const email = `${name}@impecable.demo`;
    if ((await apiLogin(request, { email })).user.marca_id === 2) return email;
  }
  throw new Error('no brand-2 agent among the candidates');
}

/** Plays `src` muted in a fresh <video> and reports how far it got. */
function playVideo(page: Page, src: string) {
  return page.evaluate(async (url) => {
    const video = document.createElement('video');
    video.muted = true;
    video.src = url;
    document.body.append(video);
    const error = () => (video.error ? `media error ${video.error.code}` : null);
    try {
      await video.play();
      const start = video.currentTime;
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      return { readyState: video.readyState, advanced: video.currentTime - start, error: error() };
    } catch (caught) {
      return { readyState: video.readyState, advanced: 0, error: error() ?? String(caught) };
    } finally {
      video.remove();
    }
  }, src);
}

// Chrome reports every default (incognito-like) test context as "in-incognito", so the
// installability check runs in a real profile.
test('the app is installable and its service worker controls the page after one reload', async ({ baseURL }, testInfo) => {
  const profile = mkdtempSync(join(tmpdir(), 'pwa-profile-'));
  const context = await chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);

    expect(await controlledByServiceWorker(page)).toMatch(/\/sw\.js$/);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('signed-in screens open offline with the header greeting and the balance', async ({ page, request, context, shell, signInAs }) => {
  // Thirteen screens online, then the same thirteen offline with a reload each: well past the
  // default minute when the other worker is busy too.
  test.setTimeout(150_000);
  // A brand-2 agent no other test touches, so the balance cannot move under this test.
  const email = await brandTwoAgent(request, ['alejandro.alonso.057', 'alejandro.diaz.020', 'alejandro.quispe.046', 'alejandro.sanz.112', 'alvaro.diaz.021']);
  const { user } = await signInAs({ email });
  expect(await controlledByServiceWorker(page)).toBeTruthy();

  const nick = user.nick_name!;
  await expect(shell.balance()).toContainText(/\d+ IMPs/);
  // Offline the box adds "actualizado hace …"; the amount must be the one seen online.
  const imps = /[\d.]+ IMPs/.exec(await shell.balance().innerText())?.[0] ?? 'missing';
  for (const { path, shows } of OFFLINE_PATHS) {
    await page.goto(path);
    await expect(shell.greeting(nick)).toBeVisible();
    await expect(page.getByText(shows).first()).toBeVisible();
    // "Cargando catálogo de premios..." contains "catálogo de premios": wait for the data itself,
    // or leaving the page aborts the read before the device stores it.
    await expect(page.getByText(/^Cargando/)).toHaveCount(0);
  }

  await context.setOffline(true);
  for (const { path, shows } of OFFLINE_PATHS) {
    await page.goto(path);
    await page.reload();
    await expect(page, `${path} offline`).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByText(shows).first(), `${path} offline content`).toBeVisible();
    await expect(page.getByText('Sin conexión').first(), `${path} says it is offline`).toBeVisible();
    await expect(shell.greeting(nick), `${path} offline greeting`).toBeVisible();
    await expect(shell.balance(), `${path} offline balance`).toContainText(imps);
  }
  await context.setOffline(false);
});

test('a downloaded video plays offline from its whole cached file; a streamed one is never stored', async ({ page, context, signInAs, request }) => {
  // Media is for members (issue 36): signed in, the page holds the media cookie.
  const { token } = await signInAs('ana');
  expect(await controlledByServiceWorker(page)).toBeTruthy();
  // Accesible's three videos: three different demo clips, each a processed low MP4 in the store.
  const [DOWNLOADED, STREAMED, NEVER_REQUESTED] = (await videosOf(request, token)).map((v) => v.url) as [string, string, string];
  expect(new Set([DOWNLOADED, STREAMED, NEVER_REQUESTED]).size).toBe(3);

  // Streaming a video that was not downloaded: <video> asks with Range, the answer is a 206,
  // and the worker must not store it.
  const streamed = await playVideo(page, STREAMED);
  expect(streamed.error).toBeNull();
  const storedPartial = await page.evaluate(async ([name, url]) => !!(await (await caches.open(name)).match(url)), [VIDEOS_CACHE, STREAMED] as const);
  expect(storedPartial).toBe(false);

  // no-store: the file must come back from Cache Storage, not from the HTTP cache.
  await page.evaluate(async ([name, url]) => (await caches.open(name)).add(new Request(url, { cache: 'no-store' })), [VIDEOS_CACHE, DOWNLOADED] as const);
  await context.setOffline(true);

  // A byte range is sliced by the worker from the cached whole file.
  const answered = page.waitForResponse((response) => response.url().endsWith(DOWNLOADED));
  const range = await page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { Range: 'bytes=100-199' } });
    return { status: response.status, length: (await response.arrayBuffer()).byteLength, contentRange: response.headers.get('content-range') };
  }, DOWNLOADED);
  expect((await answered).fromServiceWorker()).toBe(true);
  expect(range).toMatchObject({ status: 206, length: 100 });
  expect(range.contentRange).toMatch(/^bytes 100-199\/\d+$/);

  const played = await playVideo(page, DOWNLOADED);
  expect(played.error).toBeNull();
  expect(played.readyState).toBeGreaterThanOrEqual(2);
  expect(played.advanced).toBeGreaterThan(0);

  // Neither downloaded nor ever fetched, and offline: nothing to play.
  const missing = await playVideo(page, NEVER_REQUESTED);
  expect(missing.error).not.toBeNull();
  await context.setOffline(false);
});

test('"Descargar para ver sin conexión" stores the attribute videos, which then play with the network off', async ({ page, context, signInAs, request }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const { token } = await signInAs({ email: 'alba.suarez.010@impecable.demo' });
  const presentationUrl = (await videosOf(request, token)).find((v) => v.position === 0)?.url;
  expect(await controlledByServiceWorker(page)).toMatch(/\/sw\.js$/);
  await page.goto('/dashboard/accesible');
  await page.getByRole('button', { name: 'Descargar para ver sin conexión' }).click();
  await expect(page.getByRole('button', { name: 'Eliminar descargas' })).toBeVisible({ timeout: 30_000 });
  const stored = await page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname), VIDEOS_CACHE);
  expect(stored).toContain(presentationUrl);

  await context.setOffline(true);
  await page.reload();
  const presentation = page.getByRole('listitem').filter({ hasText: 'Presentación' }).first();
  await presentation.getByRole('button').click();
  await page.waitForSelector('.video-js video');
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const video = document.querySelector<HTMLVideoElement>('.video-js video');
        if (!video) return 0;
        video.muted = true;
        await video.play().catch(() => undefined);
        return video.currentTime;
      }),
    )
    .toBeGreaterThan(0.5);
  await context.setOffline(false);
});

test('the install offer waits until the user starts, then floats at the bottom without moving the screen', async ({ page, signInAs }) => {
  await signInAs({ email: 'alba.suarez.010@impecable.demo' });
  await page.goto('/reglas-impecables');
  const main = page.getByRole('main');
  await expect(page.getByText('Cómo ganar IMPs').first()).toBeVisible();
  // Chrome's event, as Chrome fires it once the app is installable (the app keeps it for its button).
  await page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => undefined,
      userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
    });
    window.dispatchEvent(event);
  });
  const offer = page.getByRole('region', { name: 'Instalar la app' });
  // Untouched, the page shows no offer (it would be the first visit's largest paint).
  await page.waitForTimeout(2_500);
  await expect(offer).toBeHidden();
  const before = await main.boundingBox();

  await page.keyboard.press('Shift');
  await expect(offer).toBeVisible();
  await expect(offer.getByRole('button', { name: 'Instalar app' })).toBeVisible();
  expect(await main.boundingBox(), 'nothing on the screen moves').toEqual(before);
  const box = (await offer.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.y + box.height).toBeGreaterThan(viewport.height - 40);

  await offer.getByRole('button', { name: 'Ahora no' }).click();
  await expect(offer).toBeHidden();
});
