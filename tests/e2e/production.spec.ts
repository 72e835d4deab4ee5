import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Browser, Page } from '@playwright/test';
import { calendarDay, monthOf } from '#domain/calendar';
import { signSsoToken } from '#server/modules/auth/sso-token';
import { freePort, LISTENING, startServerProcess, type ServerChild } from '#test-support/server/server-process';
import { clipFolder } from '#test-support/server/video-clips';
import { apiSignIn, expect, test } from './fixtures';
import { DashboardPage } from './pages/dashboard-page';

// Issue 35: a company runs +impecable from an empty production database with no code change.
// Each test starts its own production server (NODE_ENV=production, its own secret, no demo
// data): `npm run admin` makes the first admin, whose one-time link signs them in; then
//  - one server takes the demo server's programme as a pack (staging → production);
//  - another gets a month, a video and a quiz on screen, then its users by spreadsheet, and an
//    agent signs in, watches the video, answers the quiz, and sees the points and the ranking.
// With TEST_DATABASE_URL (CI) the second server runs on PostgreSQL, in a schema of its own.

const SECRET = `produccion-e2e-${randomUUID()}`;
const DOMAIN = 'empresa.example';
const ADMIN = `jefa@${DOMAIN}`;

interface ProductionServer {
  base: string;
  child: ServerChild;
  stop(): Promise<void>;
}

async function pgSchemaUrl(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `e2e_prod_${randomUUID().replaceAll('-', '')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE SCHEMA ${schema}`);
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  return { url: withSchema.toString(), drop: () => run(`DROP SCHEMA IF EXISTS ${schema} CASCADE`) };
}

/**
 * An empty production database, its first admin made by `npm run admin`, then the server
 * started on it: the admin's one-time sign-in link and the running server.
 */
async function productionServer(databaseUrl: string | null): Promise<ProductionServer & { adminLink: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'impecable-prod-'));
  const schema = databaseUrl ? await pgSchemaUrl(databaseUrl) : null;
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const env: Record<string, string> = {
    NODE_ENV: 'production', SSO_SECRET: SECRET, DATA_DIR: dataDir, PORT: String(port), PUBLIC_URL: base,
    DIST_DIR: process.env.E2E_DIST_DIR ?? 'dist', CORPORATE_DOMAIN: DOMAIN, LOG_LEVEL: 'warn', LOG_FORMAT: 'json',
    AUTH_RATE_LIMIT: '1000', MAX_ACTIVE_REQUESTS: '1000', MAX_ACTIVE_BATCHES: '1000',
    ...(schema ? { DATABASE_URL: schema.url } : {}),
  };
  // Before the server: a PGlite folder belongs to one process at a time.
  const admin = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', ADMIN, 'Jefa del Programa'], {
    env: { ...process.env, DATABASE_URL: undefined, ...env }, encoding: 'utf8',
  });
  expect(admin.status, admin.stderr).toBe(0);
  const adminLink = admin.stdout.trim().split('\n').at(-1) ?? '';
  expect(adminLink).toMatch(new RegExp(`^${base}/sso/`));

  const child = startServerProcess(env);
  await child.waitFor(LISTENING, 'listening');
  return {
    base, child, adminLink,
    stop: async () => {
      child.process.kill('SIGTERM');
      await child.exited;
      await schema?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Follows the admin's link in a fresh page and gives the admin a Nick Name. */
async function signInAdmin(browser: Browser, link: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(link);
  const nickname = page.getByRole('dialog', { name: 'No tienes un Nick Name !!' });
  await expect(nickname).toBeVisible({ timeout: 20_000 });
  await nickname.getByLabel('Nick Name').fill('Jefa');
  await nickname.getByRole('button', { name: 'Guardar' }).click();
  await expect(nickname).toBeHidden();
  return page;
}

test.describe('from an empty production database to a live month', () => {

  test('the first admin imports the demo server\'s programme as a pack', async ({ browser, request }) => {
    test.slow();
    // Staging: the e2e demo server's whole programme, exported by its admin.
    const exported = await request.get('/api/programa/paquete', { headers: { authorization: `Bearer ${await apiSignIn(request, 'admin')}` } });
    expect(exported.status()).toBe(200);
    const pack = test.info().outputPath('programa.zip');
    writeFileSync(pack, await exported.body());

    const server = await productionServer(null);
    try {
      const page = await signInAdmin(browser, server.adminLink);
      await page.goto(`${server.base}/programa/paquete`);
      await page.getByLabel('Paquete del programa (.zip)', { exact: true }).setInputFiles(pack);
      await expect(page.getByRole('status').filter({ hasText: 'Programa importado' })).toBeVisible({ timeout: 60_000 });

      // The calendar and the quizzes are the demo's now.
      await page.goto(`${server.base}/programa/calendario`);
      await expect(page.getByRole('button', { name: 'Editar Accesible' }).first()).toBeVisible();
      const token = (await (await page.request.post(`${server.base}/api/auth/login-sso`, {
        headers: { authorization: `Bearer ${await signSsoToken(SECRET, ADMIN)}` },
      })).json() as { data: { token: string } }).data.token;
      const quizzes = await page.request.get(`${server.base}/api/programa/quizzes`, { headers: { authorization: `Bearer ${token}` } });
      expect(quizzes.status()).toBe(200);
      expect(JSON.stringify(await quizzes.json())).toContain('Accesible');
      await page.context().close();
    } finally {
      await server.stop();
    }
  });

  test('a month, a video and a quiz made on screen; users imported; an agent earns points and ranks', async ({ browser }) => {
    test.setTimeout(240_000);
    // The operator's video: a short clip made by the installer's ffmpeg (the app ships none).
    const clips = clipFolder();
    const clip = await clips.clip('bienvenida.mp4', { seconds: 6, width: 320, height: 180, faststart: true });
    const server = await productionServer(process.env.TEST_DATABASE_URL || null);
    try {
      const page = await signInAdmin(browser, server.adminLink);
      const month = monthOf(calendarDay(new Date()), 0);

      // Calendario: Accesible runs this month.
      await page.goto(`${server.base}/programa/calendario`);
      await page.getByRole('button', { name: 'Editar Accesible' }).first().click();
      const drawer = page.getByRole('dialog', { name: 'Editar Accesible' });
      await drawer.getByLabel('Inicio', { exact: true }).fill(month.start);
      await drawer.getByLabel('Cierre', { exact: true }).fill(month.end);
      await drawer.getByLabel('Quiz 2', { exact: true }).fill(month.quiz2);
      await drawer.getByRole('switch', { name: /Activo/ }).check();
      await drawer.getByRole('button', { name: 'Guardar cambios' }).click();
      await expect(page.getByRole('row').filter({ hasText: 'Accesible' }).getByText('En curso')).toBeVisible({ timeout: 15_000 });
      await drawer.getByRole('button', { name: 'Cerrar', exact: true }).first().click();
      await expect(drawer).toBeHidden();

      // Vídeos: its presentation.
      await page.goto(`${server.base}/programa/videos`);
      await page.getByRole('combobox', { name: 'Atributo' }).click();
      await page.getByRole('option', { name: /^Accesible/ }).click();
      await page.getByRole('button', { name: 'Añadir vídeo' }).click();
      const videoForm = page.getByRole('dialog', { name: 'Nuevo vídeo de Accesible' });
      await videoForm.getByRole('textbox', { name: 'Título' }).fill('Bienvenida a Accesible');
      await videoForm.getByLabel('Disponible desde', { exact: true }).fill(month.start);
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), videoForm.getByRole('button', { name: 'Elegir: Vídeo (MP4)' }).click()]);
      await chooser.setFiles(clip);
      await videoForm.getByRole('button', { name: 'Subir vídeo' }).click();
      await expect(videoForm).toBeHidden({ timeout: 30_000 });
      await expect(page.getByRole('article', { name: 'Bienvenida a Accesible' })).toBeVisible();
      // Processed by the job (issue 36) before agents see it: the list follows it until "Listo".
      await expect(page.getByRole('article', { name: 'Bienvenida a Accesible' }).getByText('Listo', { exact: true })).toBeVisible({ timeout: 90_000 });

      // Quizzes: Quiz 1, ten questions of three options (a new quiz's blank form), the first one right.
      await page.goto(`${server.base}/programa/quizzes`);
      await page.getByRole('combobox', { name: 'Atributo' }).click();
      await page.getByRole('option', { name: /^Accesible/ }).click();
      for (let n = 1; n <= 10; n += 1) {
        await page.getByRole('textbox', { name: `Pregunta ${n}`, exact: true }).fill(`¿Pregunta ${n} del programa?`);
        await page.getByRole('textbox', { name: new RegExp(`^Pregunta ${n}, opción 1`) }).fill(`Correcta ${n}`);
        await page.getByRole('textbox', { name: new RegExp(`^Pregunta ${n}, opción 2`) }).fill(`Incorrecta ${n}`);
        await page.getByRole('textbox', { name: new RegExp(`^Pregunta ${n}, opción 3`) }).fill(`Tampoco ${n}`);
        await page.getByRole('radio', { name: `Opción 1 de la pregunta ${n} es la correcta` }).check();
      }
      await page.getByRole('button', { name: 'Guardar quiz' }).click();
      await expect(page.getByText(/Completo/).first()).toBeVisible({ timeout: 15_000 });

      // Importar usuarios: one agent.
      const agentEmail = `agente.prod@cliente.example`;
      await page.goto(`${server.base}/importar-usuarios`);
      const csv = ['name;email;nick_name;marca_id;plataforma;sede', `Agente Producción;${agentEmail};AgenteProd;1;Plataforma Centro;Madrid`].join('\n');
      await page.locator('input[type=file]').setInputFiles({ name: 'usuarios.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await expect(page.getByText(/1 usuario/).first()).toBeVisible({ timeout: 30_000 });
      await page.context().close();

      // The agent: signs in by the platform's link, watches the video (+5), answers Quiz 1.
      const agent = await (await browser.newContext()).newPage();
      await agent.goto(`${server.base}/sso/${await signSsoToken(SECRET, agentEmail)}`);
      await expect(agent).toHaveURL(/\/home$/, { timeout: 20_000 });
      await agent.goto(`${server.base}/dashboard/accesible`);
      const dashboard = new DashboardPage(agent);
      await dashboard.openVideo('Bienvenida a Accesible');
      await dashboard.playFast(2);
      await expect(dashboard.player('Bienvenida a Accesible')).toBeHidden({ timeout: 30_000 });
      await expect(dashboard.videoButton('Bienvenida a Accesible')).toHaveText('Ver de nuevo');

      const quizRow = agent.getByRole('listitem').filter({ hasText: 'Resolver quizz 1' });
      await quizRow.getByRole('link', { name: 'Comenzar' }).click();
      await agent.getByRole('button', { name: 'Empezar Cuestionario' }).click();
      for (let n = 1; n <= 10; n += 1) {
        await expect(agent.getByText(`Pregunta ${n} de 10`, { exact: true })).toBeVisible({ timeout: 10_000 });
        await agent.getByRole('radio', { name: `Correcta ${n}`, exact: true }).click();
        await agent.getByRole('button', { name: 'Corregir y continuar' }).click();
      }
      const results = agent.getByRole('heading', { name: /^Has conseguido \d+ IMPs$/ });
      await expect(results).toBeVisible({ timeout: 30_000 });
      const quizPoints = Number(/(\d+)/.exec((await results.textContent()) ?? '')?.[1]);
      expect(quizPoints).toBeGreaterThan(0);

      // The points and the ranking.
      await agent.goto(`${server.base}/ranking/accesible`);
      const row = agent.getByRole('table', { name: 'Clasificación' }).getByRole('row').filter({ hasText: 'AgenteProd' });
      await expect(row).toBeVisible({ timeout: 20_000 });
      await expect(row).toContainText(String(quizPoints + 5));
      await agent.context().close();
    } finally {
      await server.stop();
      clips.remove();
    }
  });
});
