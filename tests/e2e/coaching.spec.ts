import type { APIRequestContext, Page } from '@playwright/test';
import type { CoachingBySite, CoachingNudges, CoachingOptions, CoachingOverview } from '#contract/coaching';
import { auth, esNumber } from './api';
import { serviceWorkerReady } from './device';
import { apiSignIn, expect, test, type DemoUser } from './fixtures';
import type { AppShell } from './pages/app-shell';
import { CoachingPage, screenNumber, type Workbook } from './pages/coaching-page';

// Seguimiento (issue 20) against the real server and its demo data: supervisors open it from
// the menu, see their scope only, switch attribute and site, download tables that read back
// with the screen's figures, and read it offline from the device's cache.

async function api<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(`/api${path}`, auth(token));
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

/** The nick names of brand 1's agents who need a nudge in a site, as admin reads them (all pages). */
async function brandOneNicks(request: APIRequestContext, atributo: number, sede: number): Promise<string[]> {
  const token = await apiSignIn(request, 'admin');
  const nudges = await api<CoachingNudges>(request, token, `/seguimiento/rezagados/${atributo}?sede=${sede}&marca=1&per_page=100`);
  return nudges.data.map((n) => n.nick_name ?? n.name);
}

async function openFromMenu(page: Page, shell: AppShell, coaching: CoachingPage) {
  const menu = await shell.openMenu();
  await menu.getByRole('menuitem', { name: 'Seguimiento' }).click();
  await expect(page).toHaveURL(/\/seguimiento$/);
  await expect(coaching.heading()).toBeVisible();
}

/** The figures of a workbook row from the "Agentes" column on, as numbers (null stays null). */
const sheetFigures = (row: unknown[], from: number) => row.slice(from, from + 6).map((v) => (v === undefined || v === null ? null : Number(v)));

async function signedInScope(request: APIRequestContext, who: DemoUser) {
  const token = await apiSignIn(request, who);
  return { token, options: await api<CoachingOptions>(request, token, '/seguimiento/ambito') };
}

test('INTERNO: its brand only, attribute and site switched, the by-site table downloaded as shown, and offline from cache', async ({ page, context, request, shell, signInAs }) => {
  test.setTimeout(120_000);
  const coaching = new CoachingPage(page);
  await signInAs('interno');
  await serviceWorkerReady(page);
  await openFromMenu(page, shell, coaching);
  const { token, options } = await signedInScope(request, 'interno');
  expect(options.marcas.map((m) => m.nombre)).toEqual(['Marca 2']);

  // INTERNO narrows by platform and site within its brand; no brand choice.
  await expect(coaching.select('Marca')).toHaveCount(0);
  await expect(coaching.options('Plataforma')).toHaveText(['Todas las plataformas', ...options.plataformas.map((p) => p.nombre)]);
  await expect(coaching.options('Sede')).toHaveText(['Todas las sedes', ...options.sedes.map((s) => s.nombre)]);

  // The current attribute by default, compared with the previous one.
  const current = options.actual ?? 0;
  await expect(coaching.select('Atributo')).toHaveValue(String(current));
  const overview = await api<CoachingOverview>(request, token, `/seguimiento/resumen/${current}`);
  await expect(coaching.figure('Agentes')).toHaveText(esNumber(overview.figuras.agentes));
  await expect(coaching.figure('Terminaron la formación')).toHaveText(esNumber(overview.figuras.terminaron));
  const previous = options.atributos.find((a) => a.id === overview.anterior?.atributo);
  if (previous) await expect(coaching.comparison('Iniciaron')).toContainText(previous.nombre);

  // Another attribute: the URL keeps it and the figures are that attribute's.
  const other = options.atributos.find((a) => a.id !== current);
  expect(other).toBeDefined();
  await coaching.select('Atributo').selectOption(String(other?.id));
  await expect(page).toHaveURL(new RegExp(`atributo=${other?.id}`));
  const otherOverview = await api<CoachingOverview>(request, token, `/seguimiento/resumen/${other?.id}`);
  await expect(coaching.figure('Agentes')).toHaveText(esNumber(otherOverview.figuras.agentes));
  await expect(coaching.figure('Puntos')).toHaveText(esNumber(otherOverview.figuras.puntos));

  // By site: the server's figures, sortable by a click on a header.
  const bySite = await api<CoachingBySite>(request, token, `/seguimiento/sedes/${other?.id}`);
  await expect(coaching.siteTable().locator('tbody tr')).toHaveCount(bySite.sedes.length);
  await coaching.sortBy('Agentes');
  const byAgents = (await coaching.siteRows()).map((r) => screenNumber(r[2] ?? '') ?? -1);
  expect(byAgents).toEqual([...byAgents].sort((a, b) => b - a));
  const shown = await coaching.siteRows();
  for (const row of shown) {
    const site = bySite.sedes.find((s) => s.nombre === row[0]);
    expect(site, row[0]).toBeDefined();
    expect(row.slice(2, 6).map(screenNumber)).toEqual([site?.agentes, site?.iniciaron, site?.terminaron, site?.reface]);
  }
  const sites: Workbook = await coaching.readWorkbook(await coaching.download(/cifras por sede/));
  const sheet = sites.Sedes ?? [];
  expect(sheet[0]).toEqual(['Sede', 'Plataforma', 'Agentes', 'Iniciaron', 'Terminaron', 'Reface', 'Media quiz', 'Puntos']);
  expect(sheet.length - 1).toBe(shown.length);
  for (const row of shown) {
    const line = sheet.find((r) => r[0] === row[0]) ?? [];
    expect(sheetFigures(line, 2)).toEqual(row.slice(2, 8).map(screenNumber));
  }
  expect(sites.Plataformas?.length).toBe(options.plataformas.length + 1);

  // One site: who needs a nudge there, never an agent of another brand working in the same site.
  const site = options.sedes.find((s) => s.nombre === 'Madrid Castellana') ?? options.sedes[0];
  await coaching.select('Sede').selectOption(String(site?.id));
  await expect(page).toHaveURL(new RegExp(`sede=${site?.id}`));
  const nudges = await api<CoachingNudges>(request, token, `/seguimiento/rezagados/${other?.id}?sede=${site?.id}&per_page=100`);
  expect(nudges.total).toBeGreaterThan(0);
  await expect(coaching.nudgeTotal()).toHaveText(new RegExp(`^${esNumber(nudges.total)} agentes? necesitan? un empujón$`));
  await expect(coaching.nudgeCards()).toHaveCount(Math.min(20, nudges.total));
  const others = [...(await brandOneNicks(request, other?.id ?? 0, site?.id ?? 0)), 'BrunoRing'];
  expect(others.length).toBeGreaterThan(1);
  const text = await page.locator('body').innerText();
  for (const nick of others) expect(text).not.toContain(nick);
  const stalled = await coaching.readWorkbook(await coaching.download(/empujón/));
  const listed = (stalled.Rezagados ?? []).slice(1).map((r) => String(r[0] ?? r[1]));
  expect(listed.length).toBe(nudges.total);
  for (const nick of others) expect(listed).not.toContain(nick);

  // The search narrows the list; a longer stall threshold is the server's answer for it.
  const first = nudges.data[0]?.nick_name ?? 'missing';
  await page.getByRole('textbox', { name: 'Buscar agente' }).fill(first);
  await expect(coaching.nudgeCards()).toHaveCount(1);
  await expect(coaching.nudgeCards().first()).toContainText(first);
  await page.getByRole('textbox', { name: 'Buscar agente' }).fill('');
  await coaching.select('Parado si no avanza en').selectOption('30');
  await expect(page).toHaveURL(/dias=30/);
  const lenient = await api<CoachingNudges>(request, token, `/seguimiento/rezagados/${other?.id}?sede=${site?.id}&dias=30&per_page=1`);
  await expect(coaching.nudgeTotal()).toHaveText(new RegExp(`^${esNumber(lenient.total)} `));

  // Offline: the same figures from the device, with their age; a download says it needs the network.
  const agents = await coaching.figure('Agentes').innerText();
  const total = await coaching.nudgeTotal().innerText();
  await context.setOffline(true);
  await page.reload();
  await expect(coaching.heading()).toBeVisible();
  await expect(coaching.figure('Agentes')).toHaveText(agents);
  await expect(coaching.nudgeTotal()).toHaveText(total);
  await expect(page.getByText(/^actualizado hace/).first()).toBeVisible();
  let downloaded = false;
  page.on('download', () => (downloaded = true));
  await coaching.downloadButton(/el resumen/).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Sin conexión: la descarga necesita red' })).toBeVisible();
  expect(downloaded).toBe(false);
  await context.setOffline(false);
});

test('PLATAFORMA: its platform\'s sites only, a site chosen, and the overview downloaded with the cards\' figures', async ({ page, request, shell, signInAs }) => {
  test.setTimeout(90_000);
  const coaching = new CoachingPage(page);
  await signInAs('plataforma');
  await openFromMenu(page, shell, coaching);
  const { token, options } = await signedInScope(request, 'plataforma');

  await expect(coaching.select('Marca')).toHaveCount(0);
  await expect(coaching.select('Plataforma')).toHaveCount(0);
  await expect(coaching.options('Sede')).toHaveText(['Todas las sedes', ...options.sedes.map((s) => s.nombre)]);
  await expect(page.getByRole('button', { name: 'Por plataforma' })).toHaveCount(0);
  const siteNames = (await coaching.siteRows()).map((r) => r[0]).sort();
  expect(siteNames).toEqual(options.sedes.map((s) => s.nombre).sort());

  const site = options.sedes[options.sedes.length - 1];
  await coaching.choose('Sede', site?.nombre ?? '');
  const current = options.actual ?? 0;
  const overview = await api<CoachingOverview>(request, token, `/seguimiento/resumen/${current}?sede=${site?.id}`);
  await expect(coaching.figure('Agentes')).toHaveText(esNumber(overview.figuras.agentes));
  const nudges = await api<CoachingNudges>(request, token, `/seguimiento/rezagados/${current}?sede=${site?.id}&per_page=100`);
  await expect(coaching.nudgeTotal()).toHaveText(new RegExp(`^${esNumber(nudges.total)} `));
  const text = await page.locator('body').innerText();
  for (const nick of [...(await brandOneNicks(request, current, site?.id ?? 0)), 'BrunoRing']) expect(text).not.toContain(nick);

  const labels = ['Agentes', 'Iniciaron', 'Terminaron la formación', 'Hicieron el reface', 'Media de quiz', 'Puntos'];
  const cards = await Promise.all(labels.map(async (label) => screenNumber(await coaching.figure(label).innerText())));
  const book = await coaching.readWorkbook(await coaching.download(/el resumen/));
  expect(book.Resumen?.[0]).toEqual(['Atributo', 'Agentes', 'Iniciaron', 'Terminaron', 'Reface', 'Media quiz', 'Puntos']);
  expect(sheetFigures(book.Resumen?.[1] ?? [], 1)).toEqual(cards);
  expect((book['Puntos por día'] ?? []).length - 1).toBe(overview.puntos_por_dia.length);
});

// Issue 38 items 3, 7 and 8: admin's brand narrows the nudges list and its workbook as it narrows
// the figures; each download button is named by what it shows; the points per day end today.
test('admin: Marca 2 narrows the nudges and their .xlsx, the points per day end today, and each download is named by its visible text', async ({ page, request, signInAs }) => {
  test.setTimeout(120_000);
  const coaching = new CoachingPage(page);
  await signInAs('admin');
  await coaching.open();
  const { token, options } = await signedInScope(request, 'admin');
  const current = options.actual ?? 0;
  const brandTwo = options.marcas.find((m) => m.nombre === 'Marca 2');
  expect(brandTwo).toBeDefined();

  // Item 7: a voice user says what they see: every name starts with the visible "Descargar .xlsx".
  const downloads = page.getByRole('button', { name: /xlsx/ });
  await expect(downloads).toHaveCount(4);
  for (const button of await downloads.all()) {
    await expect(button).toHaveText('Descargar .xlsx');
    await expect(button).toHaveAccessibleName(/^Descargar \.xlsx \S/);
  }

  // Item 8: the month's points stop at today (the programme's day), no cliff of days to come.
  const overview = await api<CoachingOverview>(request, token, `/seguimiento/resumen/${current}`);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  expect(overview.puntos_por_dia.at(-1)?.dia).toBe(today);
  const todayLabel = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', timeZone: 'Europe/Madrid' }).format(new Date()).replace('.', '');
  const perDay = page.getByRole('table', { name: 'Puntos por día' }).locator('tbody tr');
  await expect(perDay).toHaveCount(overview.puntos_por_dia.length);
  await expect(perDay.last().locator('th')).toHaveText(todayLabel);

  // Item 3: Marca 2, then a site both brands work in: only brand 2's agents, and the workbook holds the same rows.
  await coaching.choose('Marca', brandTwo?.nombre ?? '');
  await expect(page).toHaveURL(new RegExp(`marca=${brandTwo?.id}`));
  await expect(coaching.select('Marca')).toHaveValue(String(brandTwo?.id));
  const site = options.sedes.find((s) => s.nombre === 'Madrid Castellana');
  expect(site).toBeDefined();
  await coaching.choose('Sede', site?.nombre ?? '');
  await expect(page).toHaveURL(new RegExp(`sede=${site?.id}`));
  await expect(page).toHaveURL(new RegExp(`marca=${brandTwo?.id}`));
  const others = await brandOneNicks(request, current, site?.id ?? 0);
  expect(others.length).toBeGreaterThan(0);
  const nudges = await api<CoachingNudges>(request, token, `/seguimiento/rezagados/${current}?sede=${site?.id}&marca=${brandTwo?.id}&per_page=100`);
  expect(nudges.total).toBeGreaterThan(0);
  await expect(coaching.nudgeTotal()).toHaveText(new RegExp(`^${esNumber(nudges.total)} agentes? necesitan? un empujón$`));
  await expect(coaching.nudgeCards()).toHaveCount(Math.min(20, nudges.total));
  const text = await page.locator('body').innerText();
  for (const nick of others) expect(text).not.toContain(nick);
  const book = await coaching.readWorkbook(await coaching.download(/empujón/));
  const listed = (book.Rezagados ?? []).slice(1).map((r) => String(r[0] ?? r[1]));
  expect(listed).toEqual(nudges.data.map((n) => n.nick_name ?? n.name));
  expect(book.Filtros).toContainEqual(['Marca', brandTwo?.nombre]);
  expect(book.Filtros).toContainEqual(['Sede', site?.nombre]);
});

test('an agent has no Seguimiento in the menu and is refused the screen', async ({ page, shell, signInAs }) => {
  await signInAs('ana');
  // Away from /home, whose new-content modal may cover the menu button.
  await page.goto('/seguimiento');
  await expect(page.getByRole('heading', { name: 'No tienes acceso a esta sección' })).toBeVisible();
  expect(await shell.menuItemNames()).not.toContain('Seguimiento');
});
