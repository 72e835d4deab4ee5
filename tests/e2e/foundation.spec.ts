import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { auth, esNumber, impsOf } from './api';
import { SESSION_KEY, storedSession } from './device';
import { apiSignIn, expect, test } from './fixtures';

const run = promisify(execFile);

test('an SSO link from `npm run sso-link` signs an agent in: greeting and ledger balance', async ({ page, request, login, shell, baseURL }) => {
  // An agent no other test credits or debits, so the balance cannot move during the test.
  const email = 'carla.ramirez.129@impecable.demo';
  const { stdout } = await run('npm', ['run', '--silent', 'sso-link', '--', email], {
    env: { ...process.env, PUBLIC_URL: baseURL },
  });
  const link = stdout.trim().split('\n').at(-1) ?? '';
  expect(link).toMatch(/\/sso\/[\w-]+\.[\w-]+\.[\w-]+$/);

  await login.followSsoLink(link);
  await expect(page).toHaveURL(/\/home$/);

  const imps = await impsOf(request, await apiSignIn(request, { email }));
  expect(imps).toBeGreaterThanOrEqual(0);
  const { user } = await storedSession(page);
  await expect(shell.greeting(user.nick_name!)).toBeVisible();
  await expect(shell.balance()).toContainText(esNumber(imps));
});

test('on a demo server the login offers the demo users, and choosing one signs in as them', async ({ page, shell }) => {
  await page.goto('/login');
  // The card's code loads only when the configuration says the server is a demo.
  const card = page.getByRole('region', { name: 'Modo demostración' });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: /^Ana\b/ }).click();
  await expect(page).toHaveURL(/\/home$/);
  const { user } = await storedSession(page);
  expect(user.email).toBe('ana@impecable.demo');
  await expect(shell.greeting(user.nick_name!)).toBeVisible();
});

test('a used or forged SSO link is refused with the login alert', async ({ page, login, signInAs }) => {
  const { ssoPath } = await signInAs('bruno');
  await page.evaluate(() => localStorage.clear());

  await page.goto(ssoPath);
  await login.expectVisible();
  await expect(page.getByRole('alert')).toBeVisible();
});

test('a user without nickname must save one, then lands on /home', async ({ page, shell, signInAs }) => {
  await signInAs('nuevo');
  const modal = page.getByRole('dialog', { name: 'No tienes un Nick Name !!' });
  await expect(modal).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeVisible();

  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal.getByText('El Nick Name es obligatorio.')).toBeVisible();

  const nick = `Nuevo${Date.now() % 100000}`;
  await modal.getByPlaceholder('Nick Name').fill(nick);
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/home$/);
  await expect(shell.greeting(nick)).toBeVisible();
});

test('LATAM is confined to /listado-usuarios and its menu holds only Salir', async ({ page, shell, signInAs }) => {
  await signInAs('latam');
  await expect(page).toHaveURL(/\/listado-usuarios$/);
  for (const path of ['/home', '/premios', '/ranking/accesible', '/navegacion-simulada']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/listado-usuarios$/);
  }
  expect(await shell.menuItemNames()).toEqual(['Salir']);
});

test('supervisors go from / and /premios to /navegacion-simulada', async ({ page, signInAs }) => {
  await signInAs('interno');
  for (const path of ['/', '/premios']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/navegacion-simulada$/);
  }
});

test('an unknown path lands on /login when signed out', async ({ page, login }) => {
  await page.goto('/esto-no-existe');
  await login.expectVisible();
  await page.goto('/home');
  await login.expectVisible();
});

test('Salir signs out: back to /login, session gone, protected pages closed', async ({ page, request, shell, login, signInAs }) => {
  const { token } = await signInAs('bruno');

  await shell.signOut();
  expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBeNull();
  await page.goto('/home');
  await login.expectVisible();

  const res = await request.get('/api/imps', auth(token));
  expect(res.status()).toBe(401);
});
