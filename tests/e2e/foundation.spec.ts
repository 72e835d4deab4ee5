import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
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

/** The router's own file (src/app/router.tsx), which every screen, /login included, is under. */
const ROUTER_FILE = /\/assets\/router-[\w-]+\.js$/;

/** Notes in the page whether the "Cargando..." spinner that stands in for a whole screen ever appears from now on. */
async function watchForLoader(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    const marks = window as { loaderSeen?: boolean };
    marks.loaderSeen = false;
    new MutationObserver(() => {
      // PageLoader: a spinner saying only that (a screen's own skeleton has no spinner; the SSO wait says more).
      const statuses = [...document.querySelectorAll('[role="status"]')];
      if (statuses.some((el) => el.textContent === 'Cargando...' && el.querySelector('.mantine-Loader-root'))) marks.loaderSeen = true;
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as { loaderSeen?: boolean }).loaderSeen === true);
}

test('on a demo server the login offers the demo users, and choosing one signs in as them', async ({ page, shell }) => {
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto('/login');
  // The card's code loads only when the configuration says the server is a demo.
  const card = page.getByRole('region', { name: 'Modo demostración' });
  await expect(card).toBeVisible();
  const loaderSeen = await watchForLoader(page);
  await card.getByRole('button', { name: /^Ana\b/ }).click();
  await expect(page).toHaveURL(/\/home$/);
  const { user } = await storedSession(page);
  expect(user.email).toBe('ana@impecable.demo');
  await expect(shell.greeting(user.nick_name!)).toBeVisible();
  // One app: the sign-in screen is under the router, which is fetched once for the whole visit.
  expect(asked.filter((path) => ROUTER_FILE.test(path))).toHaveLength(1);
  // The sign-in card stays until the next screen can paint, as a navigation keeps the old screen.
  expect(await loaderSeen()).toBe(false);
});

test('a sign-in screen left open in another tab follows the session home; signing out comes back to it under the router', async ({
  page,
  context,
  login,
  shell,
}) => {
  await page.goto('/login');
  await login.expectVisible();
  const loaderSeen = await watchForLoader(page);
  // Another tab of the kiosk signs in: this one's session changes under its sign-in screen.
  const other = await context.newPage();
  await other.goto('/login');
  await other.getByRole('region', { name: 'Modo demostración' }).getByRole('button', { name: /^Bruno\b/ }).click();
  await expect(other).toHaveURL(/\/home$/);
  await other.close();

  await expect(page).toHaveURL(/\/home$/);
  const { user } = await storedSession(page);
  await expect(shell.greeting(user.nick_name!)).toBeVisible();
  expect(await loaderSeen()).toBe(false);
  // The router has the page now: signing out shows the sign-in screen under it, and signing in works again.
  await shell.signOut();
  await login.expectVisible();
  await page.getByRole('region', { name: 'Modo demostración' }).getByRole('button', { name: /^Ana\b/ }).click();
  await expect(page).toHaveURL(/\/home$/);
  expect((await storedSession(page)).user.email).toBe('ana@impecable.demo');
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
