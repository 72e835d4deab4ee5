import type { Page, APIRequestContext } from '@playwright/test';
import { auth, videosOf } from './api';
import { readDeviceStorage } from './device';
import { apiSignIn, expect, test } from './fixtures';
import type { AppShell } from './pages/app-shell';
import { DashboardPage } from './pages/dashboard-page';
import { SimulatedNavigationPage } from './pages/simulated-navigation-page';

// Issue 38 item 5: each profile sees what it can use. Staff (admin, INTERNO, PLATAFORMA) signed
// in as themselves never earn IMPs, so they see no agent progress, no quiz they could never
// take, no "Te faltan" on prizes and no "Mis ingresos". A supervisor browsing as an agent sees
// the agent's own screens, as the agent does.

const quizRow = (page: Page, quiz: 1 | 2) =>
  page.getByRole('listitem').filter({ has: page.getByText(`Resolver quizz ${quiz}`, { exact: true }) });

async function expectStaffHome(page: Page) {
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 2, name: 'Conoce a' })).toBeVisible();
  // Their own tools instead of an agent's 0 % bars.
  const tools = page.getByRole('region', { name: 'Tus herramientas' });
  await expect(tools.getByRole('link', { name: 'Navegación simulada' })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Conoce el atributo de este mes' })).toHaveCount(0);
}

async function expectStaffDashboard(page: Page) {
  await new DashboardPage(page).goto('accesible');
  for (const quiz of [1, 2] as const) {
    const row = quizRow(page, quiz);
    await expect(row).toContainText('Lo resuelven los agentes');
    // Nothing to start, so nothing to say "Tienes que completar el video" about.
    await expect(row.getByRole('button')).toHaveCount(0);
    await expect(row.getByRole('link')).toHaveCount(0);
  }
  await expect(page.getByText(/Tienes que completar el video/)).toHaveCount(0);
  // No 0 % evolution of their own, no Reface to earn.
  await expect(page.getByRole('heading', { name: 'Estado de evolución' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Reface' })).toHaveCount(0);
}

async function expectNoIncomeInMenu(shell: AppShell) {
  const names = await shell.menuItemNames();
  expect(names).toContain('Inicio');
  expect(names).not.toContain('Mis ingresos');
}

/** The site of a brand-2 agent, found as a supervisor finds it (the sites, then their agents). */
async function siteOf(request: APIRequestContext, who: 'admin', nick: string): Promise<string> {
  const token = await apiSignIn(request, who);
  const sites = await request.get(`/api/navegacion-simulada/sedes/${encodeURIComponent('Marca 2')}`, auth(token));
  const { sedes } = ((await sites.json()) as { data: { data: { sedes: string[] } } }).data.data;
  for (const site of sedes) {
    const res = await request.get(`/api/navegacion-simulada/agentes/${encodeURIComponent('Marca 2')}/${encodeURIComponent(site)}`, auth(token));
    const { agentes } = ((await res.json()) as { data: { data: { agentes: { nick_name: string }[] } } }).data.data;
    if (agentes.some((a) => a.nick_name === nick)) return site;
  }
  throw new Error(`No site lists ${nick}`);
}

test('admin signed in as itself sees its tools, no agent progress, quiz, prize gap or income', async ({ page, shell, signInAs }) => {
  await signInAs('admin');
  await expectNoIncomeInMenu(shell);
  await expectStaffHome(page);
  await expectStaffDashboard(page);

  // The catalogue to know the prizes, without a balance, a "Te faltan" or a "Canjear".
  await page.goto('/premios');
  await expect(page.getByRole('heading', { name: 'Catálogo de premios' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByText(/Te faltan/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Canjear' })).toHaveCount(0);
  await expect(page.getByText('Tu saldo:')).toHaveCount(0);
  await expect(page.getByText('Los agentes canjean aquí sus IMPs')).toBeVisible();

  // Mis ingresos is an agent's: staff opening it by address land on their own screen.
  await page.goto('/mis-ingresos');
  await expect(page).toHaveURL(/\/navegacion-simulada$/);
});

test('admin may watch a training video to know it, and no progress of its own is queued or refused', async ({ page, request, shell, signInAs }) => {
  const videos = await videosOf(request, await apiSignIn(request, 'admin'));
  const video = videos.find((v) => v.is_hable && v.position === 0) ?? videos.find((v) => v.is_hable);
  if (!video) throw new Error('Accesible has no video to watch');
  await signInAs('admin');
  const dashboard = new DashboardPage(page);
  await dashboard.goto('accesible');
  await expect(dashboard.videoButton(video.title)).toHaveText('Ver vídeo');
  await dashboard.openVideo(video.title);
  await expect(dashboard.player(video.title)).toContainText('Tu perfil no suma IMPs');
  await dashboard.playFast(8);
  // Played to the end, the player closes itself, as it does for an agent.
  await expect(dashboard.player(video.title)).toBeHidden({ timeout: 30_000 });
  const progress = (await readDeviceStorage(page)).outbox.filter((row) => row.path.includes('/porcentaje'));
  expect(progress).toEqual([]);
  await expect(dashboard.videoRow(video.title)).not.toContainText('Error al enviar');
  await expect(shell.syncStatus()).not.toContainText(/rechazad/);
});

test('a supervisor (INTERNO) signed in as itself sees its tools, no agent progress, quiz or income', async ({ page, shell, signInAs }) => {
  await signInAs('interno');
  await expectNoIncomeInMenu(shell);
  await expectStaffHome(page);
  await expectStaffDashboard(page);
  await page.goto('/mis-ingresos');
  await expect(page).toHaveURL(/\/navegacion-simulada$/);
});

test('browsing as an agent, admin sees the agent\'s own home, quizzes, prizes and income', async ({ page, request, shell, signInAs }) => {
  const site = await siteOf(request, 'admin', 'AnaImpecable');
  await signInAs('admin');
  const nav = new SimulatedNavigationPage(page);
  await nav.choose('Marca', 'Marca 2');
  await nav.choose('Sede', site);
  await nav.choose('Agente', 'Ana García Romero');
  await nav.search();
  await expect(page).toHaveURL(/\/home$/);
  await expect(nav.banner()).toContainText('Estás navegando como AnaImpecable');

  await expect(page.getByRole('heading', { name: 'Conoce el atributo de este mes' })).toBeVisible();
  await expect(page.getByRole('progressbar').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tus herramientas' })).toHaveCount(0);
  expect(await shell.menuItemNames()).toContain('Mis ingresos');

  await new DashboardPage(page).goto('accesible');
  await expect(page.getByRole('heading', { name: 'Estado de evolución' })).toBeVisible();
  for (const quiz of [1, 2] as const) {
    await expect(quizRow(page, quiz).getByRole('button').or(quizRow(page, quiz).getByRole('link'))).toHaveCount(1);
    await expect(quizRow(page, quiz)).not.toContainText('Lo resuelven los agentes');
  }

  await page.goto('/premios');
  await expect(page.getByText('Tu saldo:')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Canjear' }).first()).toBeVisible();

  await page.goto('/mis-ingresos');
  await expect(page.getByRole('heading', { name: 'Historial de IMPs' })).toBeVisible();
});
