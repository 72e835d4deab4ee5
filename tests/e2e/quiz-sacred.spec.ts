import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Locator, type Page, type TestInfo } from '@playwright/test';
import { ACCESIBLE, importFreshAgent, markVideoSeen, videosOf } from './api';
import { serviceWorkerActivated } from './device';
import { expect, signIn, test } from './fixtures';
import { DashboardPage } from './pages/dashboard-page';
import { QuizPage } from './pages/quiz-page';

// Issue 38: while a quiz question (or its correction) or the video player is on screen, the
// app's own notices (install offer, "Nueva versión disponible", push offer, toasts) wait, and
// nothing reloads the page; they come once the results (or the closed player) are on screen.

const PHONE = { width: 360, height: 640 };
const SCREENS = '/work/screens';

/**
 * A real browser profile (a default test context reads as incognito) on a phone.
 * `publishNewVersion()` has the browser install a new service worker beside the one in control,
 * which then waits, as when a deploy lands while the app is open (the same script under a new
 * URL: Chromium does not let a test reliably rewrite the worker's own update check).
 */
async function installableProfile(testInfo: TestInfo, baseURL: string | undefined, viewport = PHONE) {
  const dir = mkdtempSync(join(tmpdir(), 'quiz-sacred-'));
  const context = await chromium.launchPersistentContext(dir, {
    ...testInfo.project.use.launchOptions,
    baseURL,
    viewport,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    reducedMotion: 'reduce',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const publishNewVersion = async () => {
    await page.evaluate(async () => void (await navigator.serviceWorker.register('/sw.js?version=2', { scope: '/' })));
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).waiting?.state ?? null), { timeout: 30_000 }).toBe('installed');
  };
  const close = async () => {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { page, publishNewVersion, close };
}

/** Chrome's install event, as Chrome fires it once the app is installable (the app keeps it for its button). */
async function offerInstall(page: Page) {
  await page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => undefined,
      userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
    });
    window.dispatchEvent(event);
  });
}

/**
 * From now on, records in the page whether the header's sync line ever said something waits to
 * be sent ("Por enviar", "pendiente") or appeared or went (its data-visible): online, an answer
 * leaves at once, and under a question nothing may move; and whether a notice of the app's own
 * showed while a question was up, even for a frame.
 */
async function watchSyncLine(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as Window & { syncLineSeen?: string[] }).syncLineSeen = seen;
    // The header's one live region is the sync line's; its bar (data-visible) holds it.
    const status = document.querySelector('header [role="status"]');
    const bar = status?.parentElement?.parentElement ?? null;
    if (!status || !bar) seen.push('no sync line found');
    const check = () => {
      const text = status?.textContent ?? '';
      if (/Por enviar|pendiente/.test(text)) seen.push(`said "${text}"`);
    };
    if (status) new MutationObserver(check).observe(status, { childList: true, subtree: true, characterData: true });
    // And whether any of the app's notices showed, even for a frame, while a question was up.
    new MutationObserver(() => {
      const question = [...document.querySelectorAll('main button')].some((button) => button.textContent?.includes('Corregir y continuar'));
      if (!question) return;
      if (document.querySelector('[aria-label="Instalar la app"]')) seen.push('the install offer showed over a question');
      if (document.body.textContent?.includes('Nueva versión disponible')) seen.push('the update notice showed over a question');
    }).observe(document.body, { childList: true, subtree: true });
    if (bar) new MutationObserver(() => seen.push(`data-visible became ${String(bar.getAttribute('data-visible'))}`)).observe(bar, { attributes: true, attributeFilter: ['data-visible'] });
  });
}
const syncLineSeen = (page: Page) => page.evaluate(() => (window as Window & { syncLineSeen?: string[] }).syncLineSeen ?? ['not watched']);

/** A marker only this page load carries: a reload loses it. */
const markPage = (page: Page) => page.evaluate(() => ((window as Window & { sacredMarker?: string }).sacredMarker = 'still here'));
const marker = (page: Page) => page.evaluate(() => (window as Window & { sacredMarker?: string }).sacredMarker ?? null);

/** What is on top at the centre of `button`: the button itself (or inside it), or what covers it. */
async function topAtCentre(button: Locator): Promise<string> {
  return button.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (y < 0 || y > window.innerHeight) return `off screen at y ${Math.round(y)}`;
    const top = document.elementFromPoint(x, y);
    if (top && el.contains(top)) return 'the button';
    return top ? `${top.tagName.toLowerCase()}: ${(top.closest('[role]')?.getAttribute('aria-label') ?? top.textContent ?? '').slice(0, 60)}` : 'nothing';
  });
}

const installOffer = (page: Page) => page.getByRole('region', { name: 'Instalar la app' });
const updateNotice = (page: Page) => page.getByRole('status').filter({ hasText: 'Nueva versión disponible' });

test('at 360×640 with the install offer due and a new version published mid-quiz, nothing covers "Corregir y continuar" or reloads; both wait for the results, one at a time', async ({ request, baseURL }, testInfo) => {
  // Ten answers, each correction held 2 s by design, plus a service worker update.
  test.slow();
  const { email, token } = await importFreshAgent(request, 'sacred');
  const presentation = (await videosOf(request, token, ACCESIBLE)).find((v) => v.position === 0);
  expect(presentation).toBeDefined();
  await markVideoSeen(request, token, presentation!.id);

  const { page, publishNewVersion, close } = await installableProfile(testInfo, baseURL);
  try {
    await signIn(page, { email });
    await serviceWorkerActivated(page);
    const quiz = new QuizPage(page, ACCESIBLE, 1);
    await page.goto('/cuestionario/accesible/quizz/1');
    await expect(quiz.startButton()).toBeVisible();
    await offerInstall(page);
    await markPage(page);

    // The tap on "Empezar Cuestionario" is the agent's first: the offer is due 1.5 s later, mid-question.
    await quiz.startButton().click();
    await expect(quiz.progress(1)).toBeVisible();
    await watchSyncLine(page);

    for (let n = 1; n <= 10; n++) {
      // The new version lands while question 2's correction is on screen.
      if (n === 3) await publishNewVersion();
      const { text, right } = quiz.content(n);
      await expect(quiz.progress(n)).toBeVisible();
      await expect(quiz.question(text)).toBeVisible();
      await quiz.option(right).click();
      await expect(quiz.confirmButton()).toBeEnabled();
      if (n === 3) await page.screenshot({ path: `${SCREENS}/i38-h1-quiz-mid-question-360.png` });
      expect(await topAtCentre(quiz.confirmButton()), `question ${n}: "Corregir y continuar" is not covered`).toBe('the button');
      await expect(installOffer(page)).toBeHidden();
      await expect(updateNotice(page)).toBeHidden();
      await quiz.confirmButton().click();
      // The correction is part of the question: still nothing over it.
      await expect(quiz.status()).toBeVisible();
      await expect(installOffer(page)).toBeHidden();
      await expect(updateNotice(page)).toBeHidden();
      expect(await marker(page), `question ${n}: the page never reloaded`).toBe('still here');
    }
    expect(await syncLineSeen(page), 'online, the sync line stayed quiet and in place, and no notice showed, through the quiz').toEqual([]);

    // The results: the update first, then (once put off) the install offer; never both at once.
    await expect(quiz.results()).toBeVisible({ timeout: 20_000 });
    await expect(updateNotice(page)).toBeVisible();
    await expect(updateNotice(page).getByRole('button', { name: 'Actualizar' })).toBeVisible();
    await page.keyboard.press('Shift');
    await page.waitForTimeout(2_000); // the install offer's engagement delay (ENGAGED_DELAY_MS) has passed
    await expect(installOffer(page)).toBeHidden();
    await page.screenshot({ path: `${SCREENS}/i38-h1-quiz-results-update-360.png` });
    await updateNotice(page).getByRole('button', { name: 'Más tarde' }).click();
    await expect(updateNotice(page)).toBeHidden();
    await expect(installOffer(page)).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/i38-h1-quiz-results-install-360.png` });
    expect(await marker(page), 'nothing reloaded after the results either, until asked').toBe('still here');
  } finally {
    await close();
  }
});

test('a video playing with a new version waiting: no notice over the player and no reload; the notice comes when it closes', async ({ request, baseURL }, testInfo) => {
  test.slow();
  const { email, token } = await importFreshAgent(request, 'sacredvideo');
  const video = (await videosOf(request, token, ACCESIBLE)).find((v) => v.is_hable && !v.visto);
  expect(video, 'Accesible has a video open today').toBeDefined();

  const { page, publishNewVersion, close } = await installableProfile(testInfo, baseURL);
  try {
    await signIn(page, { email });
    await serviceWorkerActivated(page);
    const dashboard = new DashboardPage(page);
    await dashboard.goto('accesible');
    await markPage(page);
    await dashboard.openVideo(video!.title);
    await dashboard.playFast(1);
    await publishNewVersion();
    // The registration sees the waiting worker (it would show the notice now if nothing held it).
    await page.waitForTimeout(1_000);
    await expect(updateNotice(page)).toBeHidden();
    expect(await page.evaluate(() => !document.querySelector<HTMLVideoElement>('.video-js video')?.paused), 'the video still plays').toBe(true);
    expect(await marker(page)).toBe('still here');

    await dashboard.player(video!.title).getByRole('button', { name: 'Cerrar vídeo' }).click();
    await expect(dashboard.player(video!.title)).toBeHidden();
    await expect(updateNotice(page)).toBeVisible();
    expect(await marker(page)).toBe('still here');
  } finally {
    await close();
  }
});

test('screens: a question with everything due, and the results with the notice (1366 px)', async ({ request, baseURL }, testInfo) => {
  test.slow();
  const { email, token } = await importFreshAgent(request, 'sacredwide');
  const presentation = (await videosOf(request, token, ACCESIBLE)).find((v) => v.position === 0);
  await markVideoSeen(request, token, presentation!.id);
  const { page, publishNewVersion, close } = await installableProfile(testInfo, baseURL, { width: 1366, height: 768 });
  try {
    await signIn(page, { email });
    await serviceWorkerActivated(page);
    const quiz = new QuizPage(page, ACCESIBLE, 1);
    await page.goto('/cuestionario/accesible/quizz/1');
    await offerInstall(page);
    await quiz.startButton().click();
    await publishNewVersion();
    await page.waitForTimeout(2_000);
    await quiz.option(quiz.content(1).right).click();
    await expect(installOffer(page)).toBeHidden();
    await expect(updateNotice(page)).toBeHidden();
    await page.screenshot({ path: `${SCREENS}/i38-h1-quiz-mid-question-1366.png` });
    await quiz.confirmButton().click();
    for (let n = 2; n <= 10; n++) await quiz.answer(n);
    await expect(quiz.results()).toBeVisible({ timeout: 20_000 });
    await expect(updateNotice(page)).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/i38-h1-quiz-results-update-1366.png` });
  } finally {
    await close();
  }
});
