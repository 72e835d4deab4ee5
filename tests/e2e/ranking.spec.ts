import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { auth } from './api';
import { serviceWorkerReady } from './device';
import { apiSignIn, expect, test } from './fixtures';
import { RankingDownloadsPage } from './pages/ranking-downloads-page';
import { RankingPage } from './pages/ranking-page';

// Rankings (issue 7) in Chromium against the real server and its demo data: the views, the
// attribute menu from the calendar, bands, search and paging; a PLATAFORMA download.

test('an agent switches views, sees the closed attributes, the prize bands, and pages and searches the table', async ({ page, signInAs }) => {
  // It walks every page of the global ranking (about 30 loads one after another).
  test.slow();
  const ranking = new RankingPage(page);
  await signInAs('ana');
  await ranking.open('accesible');

  // Default: the attribute's site ranking, with the calendar's menu.
  await expect(ranking.tableTitle()).toHaveText('Ranking de tu sede');
  const menu = ranking.attributeMenu();
  await expect(menu.getByText('CERRADO')).toHaveCount(2);
  await expect(menu.getByRole('link', { name: /De Valor.*CERRADO/ })).toBeVisible();
  await expect(menu.getByRole('link', { name: /Resolutivo.*CERRADO/ })).toBeVisible();
  await expect(menu.getByRole('link')).toHaveCount(3);
  await expect(menu.getByText('Confiable')).toBeVisible();
  await expect(menu.getByRole('link', { name: /Confiable/ })).toHaveCount(0);

  // Her own figures: the gap to the first is in IMPs (never "pts"), and her neighbours.
  await expect(ranking.myStanding()).toContainText(/Al primero(¡Lideras!|[\d.]+ IMPs)/);
  await expect(ranking.myStanding()).not.toContainText('pts');
  await expect(ranking.neighbours()).toBeVisible();

  // Bands: the first rows win the first prize.
  await expect(ranking.rows().first()).toHaveAttribute('data-tier', '1');
  await expect(page.getByText(/^Primer premio: 1º/)).toBeVisible();

  await ranking.switchTo('Marca');
  await expect(ranking.tableTitle()).toHaveText('Ranking de tu marca');
  await expect(page).toHaveURL(/vista=marca/);
  await ranking.switchTo('Global');
  await expect(ranking.tableTitle()).toHaveText('Ranking global');
  await expect(ranking.attributeMenu()).toHaveCount(0);
  await ranking.switchTo('Atributo');
  await expect(ranking.tableTitle()).toHaveText('Ranking de tu sede');

  // Paging, on the global ranking: more pages than her site's (read before switching, since the
  // site's pager may still be on screen for a moment after the switch).
  const pagesOf = async () => Number((await ranking.pager().innerText()).match(/de (\d+)/)?.[1]);
  await expect(ranking.pager()).toHaveText(/^Página 1 de (\d+)$/);
  const sitePages = await pagesOf();
  await ranking.switchTo('Global');
  await expect(ranking.tableTitle()).toHaveText('Ranking global');
  await expect(ranking.previous()).toBeDisabled();
  await expect.poll(pagesOf).toBeGreaterThan(sitePages);
  const pages = await pagesOf();
  expect(pages).toBeGreaterThan(2);
  await expect.poll(() => ranking.positions()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  await ranking.next().click();
  await expect(ranking.pager()).toHaveText(`Página 2 de ${pages}`);
  await expect(ranking.previous()).toBeEnabled();
  await expect.poll(() => ranking.positions()).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);

  // Search from page 2: back to page 1, only matching nicknames, at their real positions.
  const prefix = (await ranking.nicks())[0]?.slice(0, 4) ?? '';
  await ranking.search().fill(prefix);
  await expect(ranking.pager()).toHaveText(/^Página 1 de \d+$/);
  await expect.poll(async () => (await ranking.nicks()).every((n) => n.toLowerCase().startsWith(prefix.toLowerCase()))).toBe(true);
  await expect.poll(async () => (await ranking.positions()).includes(11)).toBe(true);
  await ranking.search().fill('');

  // The last page: Siguiente disabled. Each page's own rows arrive before the next click (a
  // click on the previous page's rows, while the new ones load, would race the button's state).
  await expect.poll(async () => (await ranking.positions())[0]).toBe(1);
  for (let p = 2; p <= pages; p++) {
    await ranking.next().click();
    await expect(ranking.pager()).toHaveText(`Página ${p} de ${pages}`);
    await expect.poll(async () => (await ranking.positions())[0]).toBe((p - 1) * 10 + 1);
  }
  await expect(ranking.next()).toBeDisabled();
});

test('INTERNO reads its brand\'s site rankings without a row of its own, and chooses the site', async ({ page, request, signInAs }) => {
  const ranking = new RankingPage(page);
  await signInAs('interno');
  await ranking.open('accesible');

  await expect(page.getByText('No participas en el ranking: consultas los de tu marca.')).toBeVisible();
  await expect(ranking.tableTitle()).toHaveText('Ranking de la sede Madrid Castellana');
  await expect(ranking.rows().first()).toBeVisible();
  const castellana = await ranking.nicks();
  expect(castellana.length).toBe(10);
  await expect(ranking.myStanding()).toHaveCount(0);
  await expect(ranking.neighbours()).toHaveCount(0);
  await expect(page.getByText(/^Aún no tienes puntos/)).toHaveCount(0);

  await ranking.chooseScope('Sede', 'Bilbao');
  await expect(ranking.tableTitle()).toHaveText('Ranking de la sede Bilbao');
  await expect(page).toHaveURL(/sede=\d+/);
  await expect.poll(() => ranking.nicks()).not.toEqual(castellana);
  await expect(ranking.rows().first()).toHaveAttribute('data-tier', '1');

  // Its brand's ranking: one brand, nothing to choose.
  await ranking.switchTo('Marca');
  await expect(ranking.tableTitle()).toHaveText('Ranking de Marca 2');
  await expect(ranking.scopeSelect('Marca')).toHaveCount(0);
  await expect(ranking.rows()).toHaveCount(10);

  // The server refuses what lies outside its scope, whatever the client asks.
  const token = await apiSignIn(request, 'interno');
  expect((await request.get('/api/ranking-global-marca/accesible?marca=1', auth(token))).status()).toBe(403);
});

test('admin reads any brand and site ranking', async ({ page, signInAs }) => {
  const ranking = new RankingPage(page);
  await signInAs('admin');
  await ranking.open('accesible', 'marca');
  await expect(page.getByText('No participas en el ranking: consultas los de todas las marcas y sedes.')).toBeVisible();
  await expect(ranking.tableTitle()).toHaveText('Ranking de Marca 2');
  await expect(ranking.rows()).toHaveCount(10);
  const brand2 = await ranking.nicks();
  await ranking.chooseScope('Marca', 'Marca 1');
  await expect(ranking.tableTitle()).toHaveText('Ranking de Marca 1');
  await expect.poll(() => ranking.nicks()).not.toEqual(brand2);
  await expect(ranking.myStanding()).toHaveCount(0);

  await ranking.switchTo('Sede');
  await ranking.chooseScope('Sede', 'Sevilla');
  await expect(ranking.tableTitle()).toHaveText('Ranking de la sede Sevilla');
  await expect(ranking.rows().first()).toBeVisible();
  await expect(page.getByText(/^Aún no tienes puntos/)).toHaveCount(0);
});

test('an attribute not open yet says so, with a way back to the open ranking', async ({ page, signInAs }) => {
  await signInAs('ana');
  await page.goto('/ranking/confiable');
  await expect(page.getByRole('heading', { level: 1, name: 'Este atributo aún no está abierto' })).toBeVisible();
  await expect(page.getByText('No existe ese atributo')).toHaveCount(0);
  await page.getByRole('link', { name: /^Ver el ranking de / }).click();
  await expect(page).toHaveURL(/\/ranking\/[a-z]+$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Ranking · / })).toBeVisible();
});

test('on a phone the attribute strip starts on the current attribute and shows there is more', async ({ page, signInAs }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const ranking = new RankingPage(page);
  await signInAs('ana');
  await ranking.open('accesible');
  await expect(ranking.attributeMenu().getByRole('link', { name: /Accesible/ })).toBeInViewport({ ratio: 1 });
  await expect(ranking.menuStrip()).toHaveCount(1);
});

test.describe('the first paint on a phone', () => {
  // page.route cannot slow an answer the service worker gives.
  test.use({ serviceWorkers: 'block' });

  test('nothing on the ranking moves while its strip, the agent\'s figures and the table arrive', async ({ page, signInAs }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await signInAs('ana');
    // The page of the table answers first, the agent's figures later: the order that moved it.
    await page.route(/\/api\/ranking-(global|posicion|puntos-totales|diferencia|vecinos)-plataforma\//, async (route) => {
      const figures = !route.request().url().includes('/ranking-global-');
      await new Promise((resolve) => setTimeout(resolve, figures ? 1_500 : 500));
      await route.continue();
    });
    await page.addInitScript(() => {
      const shifts: string[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> }>) {
          if (!entry.hadRecentInput) shifts.push(`${entry.value.toFixed(4)} ${(entry.sources ?? []).map((s) => (s.node as Element | null)?.className ?? '?').join(' | ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const ranking = new RankingPage(page);
    await ranking.open('accesible');
    await expect(page.getByRole('region', { name: 'Tus datos en este ranking' }).getByText('Tu posición')).toBeVisible();
    await expect(ranking.rows().first()).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Buscar por nick name' })).toBeEnabled();
    expect(await page.evaluate(() => (window as unknown as { layoutShifts: string[] }).layoutShifts)).toEqual([]);
  });
});

test('the brand winner gets the top style on the brand ranking', async ({ page, request, signInAs }) => {
  // The demo's activity follows the clock, so who leads brand 2 in Resolutivo changes over the
  // day: find today's leader (through the admin, who may look anyone up) and open their view.
  const ana = await apiSignIn(request, 'ana');
  const page1 = await request.get('/api/ranking-global-marca/resolutivo?per_page=1', auth(ana));
  const leader = ((await page1.json()) as { data: { nick_name: string }[] }).data[0]!;
  const admin = await apiSignIn(request, 'admin');
  const lookedUp = await request.post('/api/auth/login-as-user', { ...auth(admin), data: { nick_name: leader.nick_name } });
  expect(lookedUp.ok()).toBeTruthy();
  const { email } = ((await lookedUp.json()) as { data: { user: { email: string } } }).data.user;

  const ranking = new RankingPage(page);
  await signInAs({ email });
  await ranking.open('resolutivo', 'marca');
  await expect(ranking.rows().first()).toHaveAttribute('data-brand-top', 'true');
  await expect(ranking.rows().first()).toContainText('Ganador de marca');
});

test('PLATAFORMA downloads an attribute ranking by brand as a real spreadsheet; an agent has no access', async ({ page, signInAs }) => {
  const downloads = new RankingDownloadsPage(page);
  await signInAs('plataforma');
  await downloads.open();
  await downloads.expectVisible();
  await expect(downloads.attribute().locator('option:checked')).toHaveText('De Valor');
  await downloads.chooseFilter('Marca');
  const file = await downloads.download('Descargar ranking del atributo');
  expect(file.suggestedFilename()).toBe('ranking-devalor-marca.xlsx');
  const book = XLSX.read(readFileSync(await file.path()), { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0] ?? ''] ?? {}, { header: 1 });
  expect(rows[0]).toEqual(['Posición', 'Nick name', 'Nombre', 'Email', 'Marca', 'Plataforma', 'Sede', 'Puntos', 'Tareas completadas', 'Premio']);
  expect(rows.length).toBeGreaterThan(2);
  // Only the agents of the supervisor's own platform, at their positions in their brand.
  expect(new Set(rows.slice(1).map((r) => r[5])).size).toBe(1);
  expect(rows.slice(1).every((r) => typeof r[0] === 'number' && typeof r[7] === 'number')).toBe(true);

  const global = await downloads.download('Descargar ranking global');
  expect(global.suggestedFilename()).toBe('ranking-global.xlsx');

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);
  await signInAs('ana');
  await downloads.open();
  await expect(page.getByText('No tienes acceso a esta seccion')).toBeVisible();
});

test('the last ranking pages seen show offline, with their age', async ({ page, context, signInAs }) => {
  const ranking = new RankingPage(page);
  await signInAs('bruno');
  await serviceWorkerReady(page);
  await ranking.open('accesible', 'global');
  await expect.poll(() => ranking.positions()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  const nicks = await ranking.nicks();

  await context.setOffline(true);
  await page.reload();
  await expect(ranking.tableTitle()).toHaveText('Ranking global');
  await expect.poll(() => ranking.nicks()).toEqual(nicks);
  await expect(page.getByText(/^actualizado hace/).first()).toBeVisible();
  await context.setOffline(false);
});
