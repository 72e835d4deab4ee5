import type { Page } from '@playwright/test';
import type { ImpsLapse } from '#contract/points';
import { PROGRAMME_TIME_ZONE } from '#domain/calendar';
import { formatDayMonth } from '#domain/format';
import { ACCESIBLE, auth, importFreshAgent, markVideoSeen, videosOf } from './api';
import { apiSignIn, expect, signIn, test } from './fixtures';
import { NotificationsPage } from './pages/notifications-page';
import { QuizPage } from './pages/quiz-page';
import { SimulatedNavigationPage } from './pages/simulated-navigation-page';

// A fair chance (issue 39), end to end:
// - time accommodation: an admin grants a fresh agent ×2 from Navegación Simulada; the agent's
//   quiz intro says so and lists their own limits, and the question's timer line shows the ×2
//   band ("5 IMPs hasta 00:40" where everyone else reads 00:20);
// - expiry you can see: the demo's Bruno (brand 1) has 120 IMPs lapsing in 25 days; Mis ingresos
//   shows the line for his IMPs part, and the start-up notification check told him once (Avisos).

const SCREENS = '/work/screens';

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENS}/i39-rB-${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

/** The line beside (wider screens) or under (phones) the timer, whichever this width shows. */
const bandLine = (page: Page) => page.locator('[data-testid^="band-now"]:visible');

for (const viewport of [{ width: 360, height: 740 }, { width: 1366, height: 900 }]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('an admin grants ×2 and the agent\'s own quiz shows the scaled limits', async ({ page, browser, request, signInAs }) => {
      test.setTimeout(120_000);
      const agent = await importFreshAgent(request, `tiempo${viewport.width}`);
      const presentation = (await videosOf(request, agent.token, ACCESIBLE)).find((v) => v.position === 0);
      await markVideoSeen(request, agent.token, presentation!.id);
      const name = `Agente ${agent.email.split('@')[0]}`;

      // The admin's control, beside the agent chosen in Navegación Simulada.
      await signInAs('admin');
      const nav = new SimulatedNavigationPage(page);
      await nav.goto();
      await nav.choose('Marca', 'Marca 2');
      await nav.choose('Sede', 'Bilbao');
      await nav.choose('Agente', name);
      const control = page.getByTestId('tiempo-ampliado');
      await expect(control.getByRole('radio', { name: 'Sin ampliar' })).toBeChecked();
      await control.getByText('×2').click();
      await control.getByRole('button', { name: 'Guardar tiempo' }).click();
      await expect(control.getByRole('status')).toHaveText('Guardado: tiempo ×2.');
      await shot(page, 'admin-control');

      // The agent, on their own device.
      const device = await browser.newContext({ viewport });
      const mine = await device.newPage();
      await signIn(mine, { email: agent.email });
      await mine.goto('/cuestionario/accesible/quizz/1');
      await expect(mine.getByRole('listitem').filter({ hasText: 'Tienes tiempo ampliado (×2)' })).toBeVisible();
      await expect(mine.getByRole('listitem').filter({ hasText: 'Menos de 40 segundos' })).toBeVisible();
      await shot(mine, 'intro-x2');
      const quiz = new QuizPage(mine, ACCESIBLE, 1);
      await quiz.startButton().click();
      await expect(quiz.progress(1)).toBeVisible();
      await expect(bandLine(mine)).toHaveText('Si aciertas ahora: 5 IMPs hasta 00:40');
      await shot(mine, 'timer-x2');
      await device.close();
    });

    test('Mis ingresos says what lapses next, and Avisos told the agent once', async ({ page, request, shell, signInAs }) => {
      test.setTimeout(90_000);
      const token = await apiSignIn(request, 'bruno');
      const lapses = (await (await request.get('/api/imps/caducidades', auth(token))).json()) as { caducidades: ImpsLapse[] };
      const first = lapses.caducidades[0];
      expect(first?.imps).toBe(120);
      const days = (Date.parse(first!.caduca_at) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(24);
      expect(days).toBeLessThan(26);
      // The notice names the day; the card adds the year when it is not this year's.
      const line = `120 IMPs caducan el ${formatDayMonth(first!.caduca_at, PROGRAMME_TIME_ZONE)}`;
      const cardLine = `120 IMPs caducan el ${formatDayMonth(first!.caduca_at, PROGRAMME_TIME_ZONE, new Date())}`;

      // The start-up check queued the day's lapse notices: Bruno's 30-day notice, once.
      await expect.poll(async () => {
        const res = await request.get('/api/avisos', auth(token));
        const body = (await res.json()) as { data: { tipo: string; titulo: string; texto: string }[] };
        return body.data.filter((n) => n.tipo === 'imps-caducan').map((n) => `${n.titulo} · ${n.texto}`);
      }, { timeout: 30_000 }).toEqual([`Tus IMPs caducan en un mes · ${line}. Úsalos antes.`]);

      await signInAs('bruno');
      // Brand 1's menu has the screen: "Tus IMPs".
      const menu = await shell.openMenu();
      await menu.getByRole('menuitem', { name: 'Tus IMPs' }).click();
      await expect(page).toHaveURL(/\/mis-ingresos$/);
      const card = page.getByRole('region', { name: 'Caducan pronto' });
      await expect(card.getByRole('listitem').first()).toHaveText(cardLine);
      await expect(card).toContainText('Solo tus IMPs: los puntos Ring Ring no caducan aquí.');
      await shot(page, 'expiry-line');

      const avisos = new NotificationsPage(page);
      const centre = await avisos.openCentre();
      await expect(centre.getByText(`${line}. Úsalos antes.`)).toBeVisible();
      await shot(page, 'notice');
      await centre.getByText('Tus IMPs caducan en un mes').click();
      await expect(page).toHaveURL(/\/mis-ingresos$/);
      await expect(page.getByRole('region', { name: 'Caducan pronto' })).toBeVisible();
    });

    test('a brand-2 agent sees the line above the months', async ({ page, signInAs }) => {
      await signInAs('ana');
      await page.goto('/mis-ingresos');
      const card = page.getByRole('region', { name: 'Caducan pronto' });
      await expect(card.getByRole('listitem').first()).toHaveText(/^[\d.]+\sIMPs caducan el \d{1,2} de [a-z]+( de \d{4})?$/);
      await expect(card).not.toContainText('Ring Ring');
      // Above the movements.
      const cardBox = await card.boundingBox();
      const firstMonth = await page.getByRole('heading', { level: 2 }).nth(1).boundingBox();
      expect(cardBox!.y).toBeLessThan(firstMonth!.y);
      await shot(page, 'expiry-brand2');
    });
  });
}
