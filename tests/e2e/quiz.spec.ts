import type { APIRequestContext } from '@playwright/test';
import { ATTRIBUTE_SLUGS, type AttributeId } from '#contract/attributes';
import { ACCESIBLE, auth, esNumber, importFreshAgent, impsOf, markVideoSeen, videosOf } from './api';
import { serviceWorkerReady } from './device';
import { expect, test } from './fixtures';
import { DashboardPage } from './pages/dashboard-page';
import { longestSeededQuestion, QuizPage, type Span } from './pages/quiz-page';

const WRONG_QUESTION = 4;

interface ApiResults {
  estado: { preguntas_respondidas: number; numero_aciertos: number };
  puntos_totales: number;
  resultados: { numero: number; correcta: boolean; puntos: number }[];
}

/** A new agent (no activity) with the quiz's video (Quiz 1: the presentation; Quiz 2: the first formative one) marked seen. */
async function agentReadyForQuiz(request: APIRequestContext, label: string, attributeId = ACCESIBLE, quiz: 1 | 2 = 1) {
  const agent = await importFreshAgent(request, label);
  const video = (await videosOf(request, agent.token, attributeId)).find((v) => v.position === quiz - 1);
  expect(video, `attribute ${attributeId} has the video Quiz ${quiz} needs`).toBeDefined();
  await markVideoSeen(request, agent.token, video!.id);
  return agent;
}

/** Everything measured lies inside a viewport `height` px tall, none overlapping the next (no sticky bar over an option). */
function expectOnScreen(layout: { scrollY: number; spans: Span[] }, height: number) {
  expect(layout.scrollY, 'the page was not scrolled').toBe(0);
  for (const span of layout.spans) {
    expect(span.top, `${span.name} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(span.bottom, `${span.name} ends on screen`).toBeLessThanOrEqual(height);
  }
  for (const [above, below] of layout.spans.slice(0, -1).map((span, i) => [span, layout.spans[i + 1]!] as const)) {
    expect(above.bottom, `${above.name} ends before ${below.name} starts`).toBeLessThanOrEqual(below.top + 0.5);
  }
}

/** The header's figure: IMPs, plus Ring Ring points for brand 1 (spec: combined balance). */
async function headerFigure(request: APIRequestContext, token: string): Promise<number> {
  const body = (await (await request.get('/api/imps', auth(token))).json()) as { imps: number; puntos_ring_ring: number };
  return body.imps + body.puntos_ring_ring;
}

async function participationOf(request: APIRequestContext, token: string): Promise<number> {
  const check = await (await request.get(`/api/check-start/${ACCESIBLE}/quizz/1`, auth(token))).json();
  return check.data.id_participacion as number;
}

async function resultsOf(request: APIRequestContext, token: string): Promise<ApiResults> {
  const res = await request.get(`/api/${await participationOf(request, token)}/respuestas`, auth(token));
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data as ApiResults;
}

test('a full quiz online: each answer corrected on screen, then the results, and one attempt only', async ({ page, request, shell, signInAs }) => {
  // Ten answers, each correction held 2 s by design: 20 s of the budget before any work.
  test.slow();
  const { email, token } = await agentReadyForQuiz(request, 'quizonline');
  const before = await impsOf(request, token);
  await signInAs({ email });

  const dashboard = new DashboardPage(page);
  await dashboard.goto('accesible');
  const quizRow = page.getByRole('listitem').filter({ hasText: 'Resolver quizz 1' });
  await expect(quizRow.getByRole('link', { name: 'Comenzar' })).toBeVisible();
  await quizRow.getByRole('link', { name: 'Comenzar' }).click();
  await expect(page).toHaveURL(/\/cuestionario\/accesible\/quizz\/1$/);

  const quiz = new QuizPage(page, ACCESIBLE, 1);
  await expect(page.getByRole('heading', { name: 'Demuestra tu conocimiento sobre el atributo Accesible' })).toBeVisible();
  await quiz.startButton().click();

  for (let n = 1; n <= 10; n++) {
    const wrong = n === WRONG_QUESTION;
    const { text, right, chosen } = await quiz.answer(n, { wrong });
    // The correction: the same question stays, the right option marked, the verdict announced.
    await expect(quiz.status()).toContainText(wrong ? 'Respuesta incorrecta' : '¡Respuesta correcta!');
    await expect(quiz.question(text)).toBeVisible();
    await expect(quiz.option(`${right} (respuesta correcta)`)).toBeVisible();
    if (wrong) await expect(quiz.option(`${chosen} (tu respuesta, incorrecta)`)).toBeVisible();
    await expect(quiz.confirmButton()).toBeDisabled();
  }

  await expect(quiz.results()).toBeVisible();
  const server = await resultsOf(request, token);
  expect(server.estado).toMatchObject({ preguntas_respondidas: 10, numero_aciertos: 9 });
  expect(server.resultados.map((r) => [r.numero, r.correcta, r.puntos > 0])).toEqual(
    Array.from({ length: 10 }, (_, i) => [i + 1, i + 1 !== WRONG_QUESTION, i + 1 !== WRONG_QUESTION]),
  );
  await expect(quiz.results()).toHaveText(`Has conseguido ${server.puntos_totales} IMPs`);
  await expect(page.getByText(`${quiz.content(WRONG_QUESTION).right}`).last()).toBeVisible();
  await expect.poll(() => impsOf(request, token)).toBe(before + server.puntos_totales);
  await expect(shell.balance()).toContainText(esNumber(await headerFigure(request, token)));

  // One attempt: coming back shows the results, and starting again gives the same participation.
  await page.getByRole('link', { name: 'Volver' }).click();
  await expect(page).toHaveURL(/\/dashboard\/accesible$/);
  await expect(quizRow.getByRole('link', { name: 'Completado' })).toBeVisible();
  await page.goto('/cuestionario/accesible/quizz/1');
  await expect(quiz.results()).toHaveText(`Has conseguido ${server.puntos_totales} IMPs`);
  await expect(quiz.startButton()).toHaveCount(0);
  const again = await (await request.post(`/api/start/${ACCESIBLE}/quizz/1`, auth(token))).json();
  expect(again.data).toMatchObject({ id_participacion: await participationOf(request, token), estado: { preguntas_respondidas: 10 } });
  expect(await impsOf(request, token)).toBe(before + server.puntos_totales);
});

test('started online, answered offline (a reload keeps the timer), corrected on reconnection', async ({ page, context, request, shell, signInAs }) => {
  // Ten answers held 2 s each, a reload and the replay on reconnection.
  test.slow();
  const { email, token } = await agentReadyForQuiz(request, 'quizoffline');
  const before = await impsOf(request, token);
  await signInAs({ email });
  // The app shell must come from the service worker once the network is gone.
  await serviceWorkerReady(page);
  await page.goto('/cuestionario/accesible/quizz/1');
  const quiz = new QuizPage(page, ACCESIBLE, 1);
  await quiz.startButton().click();
  await expect(quiz.progress(1)).toBeVisible();

  await context.setOffline(true);
  for (let n = 1; n <= 10; n++) {
    if (n === 6) {
      // Mid-question reload: the timer goes on from when the question was first shown.
      await expect(quiz.progress(6)).toBeVisible();
      await expect.poll(() => quiz.timerSeconds()).toBeGreaterThanOrEqual(2);
      const shown = await quiz.timerSeconds();
      // Every time the timer shows after the reload, from its first frame: never less than before
      // (while the device reads the moment back it shows "--:--", never 00:00).
      await page.addInitScript(() => {
        const seen: string[] = [];
        Object.assign(window, { timerTexts: seen });
        new MutationObserver(() => {
          const text = document.querySelector('[role="timer"]')?.textContent?.trim();
          if (text && seen[seen.length - 1] !== text) seen.push(text);
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      await page.reload();
      await expect(quiz.progress(6)).toBeVisible();
      await expect.poll(() => quiz.timerSeconds()).toBeGreaterThanOrEqual(shown);
      const texts = await page.evaluate(() => (window as unknown as { timerTexts: string[] }).timerTexts);
      const seconds = texts.filter((text) => text !== '--:--').map((text) => text.split(':').reduce((total, part) => total * 60 + Number(part), 0));
      expect(seconds.length, texts.join(' ')).toBeGreaterThan(0);
      expect(Math.min(...seconds), texts.join(' ')).toBeGreaterThanOrEqual(shown);
    }
    await quiz.answer(n, { wrong: n === WRONG_QUESTION });
    await expect(quiz.status()).toContainText('Respuesta guardada');
  }
  await expect(page.getByRole('heading', { name: '¡Has respondido todas las preguntas!' })).toBeVisible();
  await expect(page.getByText('Quedan 10 respuestas guardadas', { exact: false })).toBeVisible();
  // Nothing reached the server yet.
  expect((await resultsOf(request, token)).estado.preguntas_respondidas).toBe(0);
  expect(await impsOf(request, token)).toBe(before);

  await context.setOffline(false);
  await expect(quiz.results()).toBeVisible({ timeout: 30_000 });
  const server = await resultsOf(request, token);
  expect(server.estado).toMatchObject({ preguntas_respondidas: 10, numero_aciertos: 9 });
  expect(server.resultados.filter((r) => r.correcta).every((r) => r.puntos > 0)).toBe(true);
  await expect(quiz.results()).toHaveText(`Has conseguido ${server.puntos_totales} IMPs`);
  await expect.poll(() => impsOf(request, token)).toBe(before + server.puntos_totales);
  await expect(shell.balance()).toContainText(esNumber(await headerFigure(request, token)));
});

test('the quiz waits for its video: the dashboard modal, and the server refuses to start', async ({ page, request, signInAs }) => {
  // A new agent: the presentation, which Quiz 1 needs, is open from the month's first day and unseen.
  const { email, token } = await importFreshAgent(request, 'quizlocked');

  await signInAs({ email });
  const dashboard = new DashboardPage(page);
  await dashboard.goto('accesible');
  const quizRow = page.getByRole('listitem').filter({ hasText: 'Resolver quizz 1' });
  await quizRow.getByRole('button', { name: 'Comenzar' }).click();
  await expect(page.getByRole('dialog').getByText('Tienes que completar el video de formación para poder acceder al cuestionario.')).toBeVisible();

  const refused = await request.post(`/api/start/${ACCESIBLE}/quizz/1`, auth(token));
  expect(refused.status()).toBe(403);
});

test('on a 360x640 phone the longest question, its options, the button and the correction fit without scrolling', async ({ page, request, signInAs }) => {
  const PHONE = { width: 360, height: 640 };
  const longest = longestSeededQuestion();
  expect(longest.options, 'the longest question has four options').toBe(4);
  const slug = ATTRIBUTE_SLUGS[longest.attributeId as AttributeId];
  const { email } = await agentReadyForQuiz(request, 'quizphone', longest.attributeId, longest.quiz);
  await page.setViewportSize(PHONE);
  await signInAs({ email });
  await page.goto(`/cuestionario/${slug}/quizz/${longest.quiz}`);
  const quiz = new QuizPage(page, longest.attributeId, longest.quiz);
  await quiz.startButton().click();
  for (let n = 1; n < longest.n; n++) {
    await quiz.answer(n);
    await expect(quiz.status()).toContainText('¡Respuesta correcta!');
  }

  const { text, wrong } = quiz.content(longest.n);
  await expect(quiz.progress(longest.n)).toBeVisible();
  await expect(quiz.question(text)).toBeVisible();
  const question = await quiz.questionLayout(text);
  expect(question.spans.map((s) => s.name)).toEqual(['question', 'option 1', 'option 2', 'option 3', 'option 4', 'button']);
  expectOnScreen(question, PHONE.height);

  // A wrong answer: its correction is the longest one (both options marked).
  await quiz.option(wrong).click();
  await quiz.confirmButton().click();
  const correction = await quiz.correctionLayout('Respuesta incorrecta');
  expect(correction.spans.map((s) => s.name)).toEqual(['question', 'option 1', 'option 2', 'option 3', 'option 4', 'correction']);
  expectOnScreen(correction, PHONE.height);
  await expect(quiz.progress(longest.n + 1)).toBeVisible();
});

test('a quiz of an attribute not open yet says so, with a way to the open attribute and no retry', async ({ page, signInAs }) => {
  await signInAs('ana');
  await page.goto('/cuestionario/confiable/quizz/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Este atributo aún no está abierto' })).toBeVisible();
  await expect(page.getByText('Confiable se abrirá más adelante', { exact: false })).toBeVisible();
  await expect(page.getByText('No existe ese atributo')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reintentar' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Ir a Accesible' }).click();
  await expect(page).toHaveURL(/\/dashboard\/accesible$/);

  // An unknown slug is still what it was.
  await page.goto('/cuestionario/noexiste/quizz/1');
  await expect(page.getByText('No existe ese atributo')).toBeVisible();
});
