import type { Page } from '@playwright/test';
import { ACCESIBLE, importFreshAgent, markVideoSeen, videosOf } from './api';
import { readDeviceStorage, serviceWorkerActivated } from './device';
import { expect, test } from './fixtures';
import { DashboardPage } from './pages/dashboard-page';
import { QuizPage } from './pages/quiz-page';

// The app shell on a phone and a kiosk (issue 19): the one-line sync status and its detail,
// every profile's menu, the dead-end screens, and the header at 360 px.

const RESOLUTIVO = 2;

/** True when the element shows all of its text: nothing cut by an ellipsis or hidden overflow. */
function fitsItsText(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1);
}

test('offline, the sync line counts a finished video AND the quiz answers waiting, and its detail lists them', async ({ page, context, request, shell, signInAs }) => {
  test.setTimeout(120_000);
  // A new agent: Accesible's presentation seen (so Quiz 1 opens), Resolutivo's not yet.
  const { email, token } = await importFreshAgent(request, 'shellsync');
  const presentation = (await videosOf(request, token, ACCESIBLE)).find((v) => v.position === 0);
  expect(presentation).toBeDefined();
  await markVideoSeen(request, token, presentation!.id);
  const video = (await videosOf(request, token, RESOLUTIVO)).find((v) => v.is_hable && !v.visto);
  expect(video, 'Resolutivo (last month) has an open video').toBeDefined();

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInAs({ email });
  // Offline navigation needs the service worker's copy of the app.
  await serviceWorkerActivated(page);

  // Online: the quiz hands over all its questions.
  const quiz = new QuizPage(page, ACCESIBLE, 1);
  await page.goto('/cuestionario/accesible/quizz/1');
  await quiz.startButton().click();
  await expect(quiz.progress(1)).toBeVisible();

  // Offline: a video to the end (+5 queued)…
  const dashboard = new DashboardPage(page);
  await dashboard.goto('resolutivo');
  await dashboard.finishOffline(video!.title);
  await expect(shell.pendingLine()).toHaveText('1 acción pendiente: +5 IMPs, 1 vídeo');
  await expect(shell.syncStatus()).toContainText('Sin conexión');

  // …and five answers, saved to be corrected later.
  await page.goto('/cuestionario/accesible/quizz/1');
  for (let n = 1; n <= 5; n++) {
    await quiz.answer(n);
    await expect(quiz.status()).toContainText('Respuesta guardada');
  }
  await expect(shell.pendingLine()).toHaveText('6 acciones pendientes: +5 IMPs, 1 vídeo, 5 respuestas');

  // /home offline: balance and three progress bars from the device, their age said once, on one line.
  await page.goto('/home');
  await shell.dismissNewContentModal();
  await expect(page.getByRole('progressbar')).toHaveCount(3);
  await expect(page.getByText(/^actualizado hace/)).toHaveCount(1);
  await expect(shell.pendingLine()).toHaveText('6 acciones pendientes: +5 IMPs, 1 vídeo, 5 respuestas');
  const line = await shell.syncStatus().locator('xpath=..').boundingBox();
  expect(line?.height ?? 0).toBeLessThanOrEqual(44);

  // The detail: each thing waiting, the video with its IMPs.
  const details = await shell.openSyncDetails();
  await expect(details).toContainText('Sin conexión');
  await expect(details.getByRole('listitem').filter({ hasText: `Vídeo completado: ${video!.title}` })).toContainText('+5 IMPs');
  for (let n = 1; n <= 5; n++) await expect(details.getByText(`Quizz 1 Accesible: pregunta ${n}`, { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // A phone: the short form fits its line, and still names both kinds.
  await page.setViewportSize({ width: 360, height: 740 });
  const short = shell.syncStatus().getByText('Por enviar: 1 vídeo, 5 respuestas', { exact: true });
  await expect(short).toBeVisible();
  expect(await short.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const phoneLine = await shell.syncStatus().locator('xpath=..').boundingBox();
  expect(phoneLine?.height ?? 0).toBeLessThanOrEqual(44);

  // Back online, everything leaves and the line goes.
  await context.setOffline(false);
  await expect(shell.syncStatus()).toHaveText('', { timeout: 30_000 });
  expect((await readDeviceStorage(page)).outbox.length).toBe(0);
});

test('the sync detail opens on every click, after it has loaded and after it was closed', async ({ page, context, shell, signInAs }) => {
  await signInAs('bruno');
  // Offline, the detail's file comes from the service worker's copy of the app.
  await serviceWorkerActivated(page);
  await page.goto('/reglas-impecables');
  await context.setOffline(true);
  await expect(shell.syncStatus()).toContainText('Sin conexión');

  for (let time = 1; time <= 3; time++) {
    const details = await shell.openSyncDetails();
    await expect(details).toContainText('Sin conexión');
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
  }
});

test('admin lands on its simulated navigation, with no agents\' modal, and its menu opens each of its screens', async ({ page, shell, signInAs }) => {
  test.setTimeout(90_000);
  await signInAs('admin');
  await expect(page).toHaveURL(/\/navegacion-simulada$/);
  await expect(page.getByRole('heading', { name: 'Navegación Simulada', level: 1 })).toBeVisible();

  await shell.expectMenuItems([
    'Inicio', 'Atributos', 'Ranking', 'Reglas servicio +impecable', 'Álbum de fotos',
    'Navegación simulada', 'Seguimiento', 'Resumen de pedidos', 'Descarga Ranking', 'Importar usuarios', 'Programa', 'Salir',
  ]);

  const screens: Array<[string, RegExp, string | RegExp]> = [
    ['Resumen de pedidos', /\/listado-usuarios$/, 'Resumen de pedidos'],
    ['Descarga Ranking', /\/descargar\/ranking$/, 'Descargas de Ranking'],
    ['Importar usuarios', /\/importar-usuarios$/, 'Importar usuarios'],
    ['Programa', /\/programa\/calendario$/, 'Programa'],
    ['Navegación simulada', /\/navegacion-simulada$/, 'Navegación Simulada'],
    ['Inicio', /\/home$/, 'Inicio'],
    ['Atributos', /\/atributos$/, /.+/],
    ['Ranking', /\/ranking\/accesible$/, /.+/],
    ['Reglas servicio +impecable', /\/reglas-impecables$/, /.+/],
    ['Álbum de fotos', /\/album-imagenes$/, /.+/],
  ];
  for (const [item, url, heading] of screens) {
    const menu = await shell.openMenu();
    await menu.getByRole('menuitem', { name: item, exact: true }).click();
    await expect(page, item).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first(), `${item} has its title`).toBeAttached();
    await expect(page.getByText(/^No tienes (acceso|permisos)/), `${item} lets admin in`).toHaveCount(0);
    // The month's "¡Nuevo contenido!" is for agents who earn points.
    await expect(page.getByRole('dialog', { name: /^¡Nuevo contenido de/ })).toHaveCount(0);
  }
});

test('an agent sent to a staff screen reads a heading and finds the way back', async ({ page, signInAs }) => {
  await signInAs('bruno');
  const deadEnds: Array<[string, string]> = [
    ['/navegacion-simulada', 'No tienes acceso a esta sección'],
    ['/descargar/ranking', 'No tienes acceso a esta seccion'],
  ];
  for (const [path, title] of deadEnds) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page).toHaveURL(/\/home$/);
  }
});

test('on a 360 px phone the greeting shows the whole nickname, and the home page has its title', async ({ page, shell, signInAs }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAs('ana');
  await shell.dismissNewContentModal();
  const greeting = shell.greeting('AnaImpecable');
  await expect(greeting).toBeVisible();
  expect(await greeting.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const box = await greeting.boundingBox();
  const menu = await page.getByRole('button', { name: 'Menú' }).boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(menu?.x ?? 0);
  await expect(page.getByRole('heading', { level: 1, name: 'Inicio' })).toBeAttached();
  // Every progress bar on /home says what it measures.
  const bars = page.getByRole('progressbar');
  await expect(bars.first()).toBeVisible();
  for (const bar of await bars.all()) await expect(bar).toHaveAccessibleName(/^Progreso de /);
  // The "Conoce a" row goes on past the edge, and says so.
  const next = page.locator('section', { has: page.getByRole('heading', { name: 'Conoce a' }) }).locator('[data-side="after"]');
  await expect(next).toBeVisible();
  await expect(page.getByRole('link', { name: 'Conoce a Accesible, NEW (nuevo)' })).toContainText('NEW');
  expect(await fitsItsText(page, 'header')).toBe(true);
});

test('at 360 px the impersonation banner never hides the end of the page', async ({ page, signInAs }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await signInAs('interno');
  await page.goto('/reglas-impecables');
  const banner = page.getByRole('region', { name: 'Navegación simulada' });
  await expect(banner).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const main = await page.getByRole('main').boundingBox();
  const bar = await banner.boundingBox();
  expect((main?.y ?? 0) + (main?.height ?? 0)).toBeLessThanOrEqual((bar?.y ?? 0) + 1);
});
