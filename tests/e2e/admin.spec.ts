import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { request as playwrightRequest } from '@playwright/test';
import { API_BASE } from '#contract/common';
import { PROGRAMME_SETTINGS_PATHS } from '#contract/programme-settings-constants';
import { auth } from './api';
import { controlledByServiceWorker, storedSession } from './device';
import { apiLogin, apiSignIn, emailOf, expect, test } from './fixtures';
import { ImportUsersPage } from './pages/import-users-page';
import { OrderSummaryPage } from './pages/order-summary-page';
import { SimulatedNavigationPage } from './pages/simulated-navigation-page';

// Supervisors and admin (issue 9): simulated navigation, the LATAM order summary, the user
// import and the maintenance screen, against the real server and its demo data.

test('INTERNO chooses brand, platform, site and agent, browses as the agent with the banner, and "salir" brings it back', async ({ page, request, signInAs }) => {
  const nav = new SimulatedNavigationPage(page);
  await signInAs('interno');
  // Anywhere but /navegacion-simulada an INTERNO sees the banner with its own nickname.
  await expect(nav.banner()).toContainText('Estás navegando como InesInterno');
  await nav.banner().getByRole('button', { name: 'salir' }).click();
  await expect(page).toHaveURL(/\/navegacion-simulada$/);
  await expect(nav.banner()).toBeHidden();

  for (const label of ['Plataforma', 'Sede', 'Agente'] as const) await expect(nav.dropdown(label)).toBeDisabled();
  await nav.search();
  await expect(page.getByRole('alert')).toHaveText('¡Error! Tienes que elegir un agente');

  await nav.choose('Marca', 'Marca 2');
  await expect(nav.dropdown('Sede')).toBeDisabled();
  await nav.choose('Plataforma');
  await expect(nav.dropdown('Agente')).toBeDisabled();
  const site = await nav.choose('Sede');
  const agentName = await nav.choose('Agente');
  await nav.reset();
  await expect(nav.dropdown('Marca')).toHaveValue('');
  await expect(nav.dropdown('Sede')).toBeDisabled();
  await nav.choose('Marca', 'Marca 2');
  const platform = await nav.choose('Plataforma');
  await nav.choose('Sede', site);
  await nav.choose('Agente', agentName);

  const supervisorToken = await apiSignIn(request, 'interno');
  const listed = await request.get(`/api/navegacion-simulada/agentes/${encodeURIComponent('Marca 2')}/${encodeURIComponent(site)}`, auth(supervisorToken));
  const { agentes } = ((await listed.json()) as { data: { data: { agentes: { nick_name: string; name: string }[] } } }).data.data;
  const nick = agentes.find((a) => a.name === agentName)?.nick_name ?? 'missing';
  expect(platform).toMatch(/^Plataforma /);

  await nav.search();
  await expect(page).toHaveURL(/\/home$/);
  await expect(nav.banner()).toContainText(`Estás navegando como ${nick}`);
  await expect(page.getByText(`Hola, ${nick}`)).toBeVisible();
  const session = await storedSession(page);
  expect([session.user.nick_name, session.originalUser?.email]).toEqual([nick, emailOf('interno')]);

  // The session is for looking: the server refuses anything that earns IMPs, and says why.
  const earn = await request.post('/api/video/1/porcentaje', {
    headers: { ...auth(session.token).headers, 'Idempotency-Key': randomUUID(), 'X-Occurred-At': new Date().toISOString() },
    data: { porcentaje: 10 },
  });
  expect(earn.status()).toBe(403);
  expect(((await earn.json()) as { error: string }).error).toContain('navegación simulada');

  await nav.banner().getByRole('button', { name: 'salir' }).click();
  await expect(page).toHaveURL(/\/navegacion-simulada$/);
  await expect(page.getByText('Hola, InesInterno')).toBeVisible();
  expect((await storedSession(page)).originalUser).toBeNull();
  // The agent's token is revoked on the server; the supervisor's still works.
  expect((await request.get('/api/imps', auth(session.token))).status()).toBe(401);
  expect((await request.get('/api/navegacion-simulada/marcas', auth((await storedSession(page)).token))).status()).toBe(200);
});

test('PLATAFORMA skips the platform step: its sites come with the brand', async ({ page, signInAs }) => {
  const nav = new SimulatedNavigationPage(page);
  await signInAs('plataforma');
  await nav.goto();
  await expect(nav.dropdown('Plataforma')).toHaveCount(0);
  await nav.choose('Marca', 'Marca 2');
  await nav.choose('Sede');
  await expect(nav.dropdown('Agente')).toBeEnabled();
});

test('an agent is told "No tienes acceso a esta sección"', async ({ page, signInAs }) => {
  await signInAs('bruno');
  await page.goto('/navegacion-simulada');
  await expect(page.getByText('No tienes acceso a esta sección')).toBeVisible();
});

test('LATAM searches, pages and downloads the order summary', async ({ page, signInAs }) => {
  const summary = new OrderSummaryPage(page);
  await signInAs('latam');
  await expect(page).toHaveURL(/\/listado-usuarios$/);
  await expect(summary.heading()).toBeVisible();
  await expect(summary.rows()).toHaveCount(8);
  const total = Number(/de (\d+)$/.exec(await summary.pageLabel().innerText())?.[1]);
  expect(total).toBeGreaterThanOrEqual(4);
  await summary.expectPage(1, total);
  await expect(summary.previous()).toBeDisabled();
  expect(await summary.column(0)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
  for (const date of await summary.column(7)) expect(date).toMatch(/^(\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}|-)$/);

  await summary.next().click();
  await summary.expectPage(2, total);
  expect((await summary.column(0))[0]).toBe('9');
  await expect(summary.previous()).toBeEnabled();
  for (let p = 3; p <= total; p++) await summary.next().click();
  await summary.expectPage(total, total);
  await expect(summary.next()).toBeDisabled();

  // A search is case-insensitive, on name, nick or product, and goes back to page 1.
  await summary.search().fill('BOTELLA');
  await expect(summary.pageLabel()).toHaveText(/^Página 1 de \d+$/);
  for (const product of await summary.column(4)) expect(product).toContain('Botella');
  const nick = (await summary.column(2))[0] ?? 'missing';
  await summary.search().fill(nick.toLowerCase());
  for (const shown of await summary.column(2)) expect(shown.toLowerCase()).toContain(nick.toLowerCase());
  await summary.search().fill('nadie-compra-esto');
  await expect(summary.rows()).toHaveText(['No hay resultados.']);
  await expect(summary.noResults()).toBeInViewport();
  // No results is one empty page, never "Página 1 de 0".
  await summary.expectPage(1, 1);
  await expect(summary.previous()).toBeDisabled();
  await expect(summary.next()).toBeDisabled();

  await summary.search().fill('');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar' }).click()]);
  expect(download.suggestedFilename()).toBe('Resumen-pedidos.xlsx');
  const book = XLSX.read(readFileSync(await download.path()), { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0] ?? ''] ?? {}, { header: 1 });
  expect(rows[0]).toEqual(['#', 'Nombre', 'Nick', 'Email', 'Producto', 'Puntos', 'Cantidad', 'Fecha del canje']);
  expect(rows.length - 1).toBeGreaterThan(8 * (total - 1));
});

test.describe('the order summary on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('is a card per order with every column, nothing sideways; a search without results says so in view', async ({ page, request, signInAs }) => {
    const summary = new OrderSummaryPage(page);
    const token = await apiSignIn(request, 'latam');
    const listed = await request.get('/api/listado-peru', auth(token));
    const [first] = ((await listed.json()) as { listado: { user: { name: string; nick_name: string | null; email: string }; nombre_producto: string }[] }).listado;
    await signInAs('latam');
    await expect(summary.cards()).toHaveCount(8);
    await expect(summary.tableRegion()).toBeHidden();
    const card = summary.cards().first();
    for (const label of ['Nick', 'Producto', 'Puntos', 'Cantidad', 'Fecha del canje']) await expect(card.getByText(label, { exact: true })).toBeVisible();
    for (const value of [first?.user.name, first?.user.nick_name ?? '-', first?.user.email, first?.nombre_producto, '#1']) await expect(card).toContainText(value ?? 'missing');
    await expect(card).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await summary.next().click();
    await expect(summary.cards().first()).toContainText('#9');
    await summary.search().fill('nadie-compra-esto');
    await expect(summary.cards()).toHaveCount(0);
    await expect(summary.noResults()).toBeInViewport();
    await summary.expectPage(1, 1);
    await expect(page.getByText('Página 1 de 0')).toHaveCount(0);
    await expect(summary.previous()).toBeDisabled();
    await expect(summary.next()).toBeDisabled();
  });
});

test.describe('the order summary on a kiosk', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('keeps the spec table, and its scroll box is reached and scrolled with the keyboard', async ({ page, signInAs }) => {
    const summary = new OrderSummaryPage(page);
    await signInAs('latam');
    await expect(summary.rows()).toHaveCount(8);
    await expect(summary.cards()).toHaveCount(0);
    const region = summary.tableRegion();
    const box = await region.evaluate((el) => ({ scrollHeight: el.scrollHeight, clientHeight: el.clientHeight }));
    expect(box.scrollHeight).toBeGreaterThan(box.clientHeight);

    await summary.search().focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Descargar' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(region).toBeFocused();
    await page.keyboard.press('End');
    await expect.poll(() => region.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  });
});

test('the admin imports a file and sees the counts; imported users are members, outside the corporate domain they cannot import', async ({ page, request, signInAs }) => {
  const run = Date.now().toString(36);
  const book = (rows: unknown[][]) => {
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'Usuarios');
    return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  };
  const header = ['name', 'email', 'nick_name', 'role', 'perfil', 'division', 'marca_id', 'plataforma', 'sede', 'puntos_ring_ring'];
  const first = `marta.${run}@cliente.example`;
  const importer = new ImportUsersPage(page);
  await signInAs('admin');
  await importer.goto();

  await importer.uploadWithKeyboard('usuarios.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', book([
    header,
    ['Marta Vidal', first, `Marta${run}`, 'agente', '', 'Ventas', 2, 'Plataforma Norte', 'Bilbao', 0],
    ['Pau Ferrer', `pau.${run}@cliente.example`, `Pau${run}`, 'agente', '', 'Ventas', 1, 'Plataforma Sur', 'Sevilla', 150],
  ]));
  await expect(importer.success()).toContainText('Usuarios creados: 2 · Usuarios actualizados: 0');
  await importer.success().getByRole('button', { name: 'Cerrar' }).click();
  await expect(importer.success()).toBeHidden();

  await importer.upload('usuarios.csv', 'text/csv', Buffer.from([
    header.join(';'),
    `Marta Vidal Roig;${first.toUpperCase()};;;;Retención;2;;;`,
    `Nil Soler;nil.${run}@cliente.example;Nil${run};;;;2;;;`,
    `Nil Otra Vez;nil.${run}@cliente.example;;;;;2;;;`,
  ].join('\n')));
  await expect(importer.success()).toContainText('Usuarios creados: 1 · Usuarios actualizados: 1');
  await expect(importer.success()).toContainText(`Fila 4: nil.${run}@cliente.example (no importada, email repetido)`);

  await importer.upload('notas.pdf', 'application/pdf', Buffer.from('%PDF-1.4'));
  await expect(page.getByText('Por favor, sube solo archivos Excel (.xlsx, .xls) o CSV (.csv)').first()).toBeVisible();

  // The imported user signs in (members only) with the updated name, and may not import.
  const me = await apiLogin(request, { email: first });
  expect(me.user.name).toBe('Marta Vidal Roig');
  expect(me.token).toBeTruthy();
  await signInAs({ email: first });
  await page.goto('/importar-usuarios');
  await expect(page).toHaveURL(/\/home$/);
});

test('supervisor screens open offline from the device cache, and say when they need the network', async ({ page, context, signInAs }) => {
  const summary = new OrderSummaryPage(page);
  await signInAs('latam');
  await expect(summary.rows()).toHaveCount(8);
  await controlledByServiceWorker(page);
  await expect(summary.rows()).toHaveCount(8);

  await context.setOffline(true);
  await page.reload();
  await expect(summary.heading()).toBeVisible();
  await expect(summary.rows()).toHaveCount(8);
  await expect(page.getByText('Sin conexión').first()).toBeVisible();
  await page.getByRole('button', { name: 'Descargar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Error al descargar el archivo.');
  await context.setOffline(false);
});

test.describe('maintenance state 1', () => {
  const port = Number(process.env.E2E_PORT ?? 8181) + 1;
  const dataDir = `${process.env.E2E_DATA_DIR ?? '.tmp/e2e-data'}-maintenance`;
  let server: ChildProcess | undefined;

  // Starting a second server seeds its own demo database first.
  test.describe.configure({ timeout: 180_000 });

  test.beforeAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    // A second real server: dual-stack, so [::1] (allow-listed) and 127.0.0.1 (not) are two clients.
    server = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
      env: {
        ...process.env, PORT: String(port), HOST: '::', DATA_DIR: dataDir, DIST_DIR: resolve(process.env.E2E_DIST_DIR ?? 'dist'),
        PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    await expect.poll(async () => fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.status, () => 0), { timeout: 170_000, intervals: [1_000] }).toBe(200);
    // Maintenance is data (Programa › Mantenimiento): the admin, from [::1], turns it on for everyone else.
    const admin = await playwrightRequest.newContext({ baseURL: `http://[::1]:${port}` });
    const { token } = await apiLogin(admin, 'admin');
    const turned = await admin.put(`${API_BASE}${PROGRAMME_SETTINGS_PATHS.maintenance}`, { data: { state: 1, allowlist: ['::1'] }, ...auth(token) });
    expect(turned.status()).toBe(200);
    await admin.dispose();
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((done) => server?.once('exit', done));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('blocked clients get the maintenance screen; allow-listed ones use the app', async ({ browser }) => {
    const blocked = await browser.newContext({ baseURL: `http://127.0.0.1:${port}` });
    const page = await blocked.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Estamos en mantenimiento' })).toBeVisible();
    await page.getByRole('button', { name: 'Reintentar' }).click();
    await expect(page.getByText('Seguimos en mantenimiento. Vuelve a intentarlo en unos minutos.')).toBeVisible();
    const answer = await blocked.request.get('/api/config');
    expect([answer.status(), ((await answer.json()) as { maintenance: number }).maintenance]).toEqual([503, 1]);
    await blocked.close();

    const allowed = await browser.newContext({ baseURL: `http://[::1]:${port}` });
    const ok = await allowed.newPage();
    await ok.goto('/login');
    await expect(ok.getByRole('heading', { name: 'Identifícate' })).toBeVisible();
    await expect(ok.getByRole('heading', { name: 'Estamos en mantenimiento' })).toHaveCount(0);
    await allowed.close();
  });
});
