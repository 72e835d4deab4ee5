import type { APIRequestContext, Page } from '@playwright/test';
import type { RepasoRound } from '#contract/repaso';
import { auth, impsOf } from './api';
import { readDeviceStorage } from './device';
import { apiSignIn, expect, test } from './fixtures';

// Repaso end to end (issue 39): a seeded agent whose past quizzes left questions due (wrong, or
// right in the slowest band, days ago by the server's clock) sees "Repaso: N preguntas" on the
// home, opens the round, answers it with the network off and sees right or wrong at once with
// the correct answer; back online the answers reach the server, which counts them (the round
// is no longer due), credits nothing, and the home line is gone.

const SCREENS = '/work/screens';
/** Seeded agents other specs sign in as: never this one. */
const TAKEN = ['alejandro.', 'alvaro.diaz', 'carla.ramirez', 'emma.gil', 'alba.suarez', 'javier.garcia'];

async function roundOf(request: APIRequestContext, token: string): Promise<RepasoRound> {
  const res = await request.get('/api/repaso', auth(token));
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as RepasoRound;
}

/**
 * A seeded brand-2 agent with a whole round due (2 to 5 questions), found as a supervisor finds
 * one: the simulated navigation's lists, looking at each agent's Repaso (impersonation reads).
 */
async function agentWithRoundDue(request: APIRequestContext): Promise<{ email: string; round: RepasoRound }> {
  const admin = await apiSignIn(request, 'admin');
  const brand = encodeURIComponent('Marca 2');
  const sites = (await (await request.get(`/api/navegacion-simulada/sedes/${brand}`, auth(admin))).json()) as { data: { data: { sedes: string[] } } };
  for (const site of [...sites.data.data.sedes].reverse()) {
    const listed = await request.get(`/api/navegacion-simulada/agentes/${brand}/${encodeURIComponent(site)}`, auth(admin));
    const agents = ((await listed.json()) as { data: { data: { agentes: { nick_name: string }[] } } }).data.data.agentes;
    for (const agent of agents.slice(-12)) {
      const looking = await request.post('/api/auth/login-as-user', { ...auth(admin), data: { nick_name: agent.nick_name } });
      if (!looking.ok()) continue;
      const { data } = (await looking.json()) as { data: { token: string; user: { email: string } } };
      if (TAKEN.some((prefix) => data.user.email.startsWith(prefix))) continue;
      const round = await roundOf(request, data.token);
      if (round.pendientes >= 2 && round.pendientes <= 5) return { email: data.user.email, round };
    }
  }
  throw new Error('no seeded agent with a Repaso round due');
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENS}/i39-rA-${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

for (const viewport of [{ width: 360, height: 740 }, { width: 1366, height: 900 }]) {
test.describe(`at ${viewport.width} px`, () => {
test.use({ viewport });

test('a Repaso round answered offline shows each correction at once, syncs, counts once and credits nothing', async ({ page, context, request, signInAs, shell }) => {
  test.setTimeout(120_000);
  const { email, round } = await agentWithRoundDue(request);
  const token = await apiSignIn(request, { email });
  const imps = await impsOf(request, token);
  const n = round.preguntas.length;

  await signInAs({ email });
  await shell.dismissNewContentModal();
  const line = page.getByRole('link', { name: `Repaso: ${n} preguntas`, exact: true });
  await expect(line).toBeVisible();
  await shot(page, 'home-line');
  await line.click();
  await expect(page).toHaveURL(/\/repaso$/);
  await expect(page.getByRole('heading', { name: 'Repaso', level: 1 })).toBeVisible();
  await expect(page.getByText(`Pregunta 1 de ${n}`)).toBeVisible();
  await shot(page, 'round');

  await context.setOffline(true);
  for (const [i, question] of round.preguntas.entries()) {
    await expect(page.getByText(`Pregunta ${i + 1} de ${n}`)).toBeVisible();
    await expect(page.getByRole('heading', { name: question.pregunta })).toBeVisible();
    // The first one right, the others wrong: both corrections show, offline, at once.
    const correct = question.respuestas.find((r) => r.id_respuesta === question.id_respuesta_correcta)!;
    const chosen = i === 0 ? correct : question.respuestas.find((r) => r.id_respuesta !== question.id_respuesta_correcta)!;
    await page.getByRole('radio', { name: chosen.texto_respuesta, exact: true }).check();
    await page.getByRole('button', { name: 'Comprobar' }).click();
    const status = page.getByRole('status').filter({ hasText: i === 0 ? '¡Correcto!' : 'No es correcta' });
    await expect(status).toBeVisible();
    if (i > 0) await expect(status).toContainText(`La respuesta correcta es: ${correct.texto_respuesta}`);
    if (question.explicacion) await expect(status).toContainText(question.explicacion);
    if (i <= 1) await shot(page, i === 0 ? 'feedback-right' : 'feedback-wrong');
    await page.getByRole('button', { name: i + 1 === n ? 'Terminar' : 'Siguiente' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Repaso terminado' })).toBeVisible();
  await expect(page.getByText(`Has acertado 1 de ${n}.`)).toBeVisible();
  await shot(page, 'done');

  // Offline: every answer waits on the device, and the server has none of them.
  const queued = (await readDeviceStorage(page)).outbox.filter((row) => row.path.startsWith('/repaso/'));
  expect(queued).toHaveLength(n);
  expect((await roundOf(request, token)).pendientes).toBe(round.pendientes);

  await context.setOffline(false);
  await expect.poll(async () => (await readDeviceStorage(page)).outbox.filter((row) => row.path.startsWith('/repaso/')).length, { timeout: 30_000 }).toBe(0);
  // The server counted them: nothing is due today any more (the right one in 3 days, the wrong ones tomorrow).
  expect(await roundOf(request, token)).toEqual({ preguntas: [], pendientes: 0 });
  expect(await impsOf(request, token)).toBe(imps);

  await page.getByRole('link', { name: 'Volver al inicio' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Inicio', level: 1 })).toBeAttached();
  await expect(page.getByText(/^Repaso: \d+ pregunta/)).toHaveCount(0);
});
});
}
