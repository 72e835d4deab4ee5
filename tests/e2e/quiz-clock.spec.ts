// Issue 38 items 9 and 11: the quiz says that its clock never stops while the agent is away
// (on the intro, and on the question they come back to), and a quiz number an attribute does
// not have is told as such, not as an unknown attribute.
import type { APIRequestContext, Page } from '@playwright/test';
import { ACCESIBLE, importFreshAgent, markVideoSeen, videosOf } from './api';
import { expect, test } from './fixtures';
import { QuizPage } from './pages/quiz-page';

const KEEPS_RUNNING = 'El cronómetro no se detiene si sales de la pregunta';
const KEPT_RUNNING = /^El cronómetro siguió corriendo mientras no estabas: esta pregunta lleva (\d+) segundos?\.$/;

/** A new agent with Accesible's presentation video seen: Quizz 1 can start. */
async function agentReadyForQuiz1(request: APIRequestContext, label: string) {
  const agent = await importFreshAgent(request, label);
  const presentation = (await videosOf(request, agent.token, ACCESIBLE)).find((v) => v.position === 0);
  await markVideoSeen(request, agent.token, presentation!.id);
  return agent;
}

function clockNotice(page: Page) {
  return page.getByRole('status').filter({ hasText: 'El cronómetro siguió corriendo' });
}

/** What a hidden tab, then shown again, tells the page (headless Chromium never hides one itself). */
async function hideAndShowTab(page: Page) {
  await page.evaluate(() => {
    const set = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    set('hidden');
    set('visible');
  });
}

test('the intro warns that the clock keeps running, and back on a question the agent is told how long it ran', async ({ page, request, signInAs }) => {
  const { email } = await agentReadyForQuiz1(request, 'quizclock');
  await signInAs({ email });
  await page.goto('/cuestionario/accesible/quizz/1');
  await expect(page.getByRole('listitem').filter({ hasText: KEEPS_RUNNING })).toBeVisible();

  const quiz = new QuizPage(page, ACCESIBLE, 1);
  await quiz.startButton().click();
  await expect(quiz.progress(1)).toBeVisible();
  await expect.poll(() => quiz.timerSeconds()).toBeGreaterThanOrEqual(1);
  // Never left: nothing to say.
  await expect(clockNotice(page)).toHaveCount(0);

  // Reloaded mid-question: the clock went on, and the question says by how much.
  const before = await quiz.timerSeconds();
  await page.reload();
  await expect(quiz.progress(1)).toBeVisible();
  await expect(clockNotice(page)).toHaveText(KEPT_RUNNING);
  const said = Number(KEPT_RUNNING.exec((await clockNotice(page).textContent()) ?? '')?.[1]);
  expect(said).toBeGreaterThanOrEqual(before);
  // Below "Corregir y continuar": it never pushes the controls.
  const button = await quiz.confirmButton().boundingBox();
  const notice = await clockNotice(page).boundingBox();
  expect(notice!.y).toBeGreaterThanOrEqual(button!.y + button!.height);

  // The next question starts its own clock: no notice until the agent leaves it.
  await quiz.answer(1);
  await expect(quiz.progress(2)).toBeVisible();
  await expect(quiz.timer()).not.toHaveText('--:--');
  await expect(clockNotice(page)).toHaveCount(0);

  // A tab hidden then shown again: the same notice.
  await hideAndShowTab(page);
  await expect(clockNotice(page)).toHaveText(KEPT_RUNNING);
});

test('a quiz number the attribute does not have says so, with the way back to the attribute', async ({ page, signInAs }) => {
  await signInAs('ana');
  await page.goto('/cuestionario/accesible/quizz/3');
  await expect(page.getByRole('heading', { level: 1, name: 'Ese cuestionario no existe' })).toBeVisible();
  await expect(page.getByText('Cada atributo tiene el Quizz 1 y el Quizz 2: vuelve al módulo formativo de Accesible y elige uno.')).toBeVisible();
  await expect(page.getByText('No existe ese atributo')).toHaveCount(0);
  await page.getByRole('link', { name: 'Volver a Accesible' }).click();
  await expect(page).toHaveURL(/\/dashboard\/accesible$/);

  // An unknown attribute is still told as one.
  await page.goto('/cuestionario/noexiste/quizz/3');
  await expect(page.getByRole('heading', { level: 1, name: 'No existe ese atributo' })).toBeVisible();
});
