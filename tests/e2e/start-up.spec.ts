import type { Page, Request } from '@playwright/test';
import { controlledByServiceWorker, readDeviceStorage } from './device';
import { expect, test } from './fixtures';
import { LoginPage } from './pages/login-page';

// What the signed-in start leaves for later (issue 16): the header menu paints as its button
// alone and its Mantine Menu loads on demand, without losing a press or the keyboard focus;
// Mantine's per-component CSS still styles it; and a kiosk's offline start reads the app
// configuration from the device instead of asking the network.

/** Holds the menu's file until `release()`, so the test presses the button before it arrives. */
async function holdMenuFile(page: Page): Promise<() => void> {
  let release = () => undefined as void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-menu-popup-[\w-]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test.describe('the header menu, loaded on demand', () => {
  // page.route cannot hold a file the service worker answers.
  test.use({ serviceWorkers: 'block' });

  test('Enter on the button before the menu has loaded opens it, styled, and Escape gives the focus back', async ({ page, shell, signInAs }) => {
    await signInAs('interno');
    const release = await holdMenuFile(page);
    await page.reload();
    const button = page.getByRole('banner').getByRole('button', { name: 'Menú' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toHaveCount(0);

    release();
    await expect(page.getByRole('menu')).toBeVisible();
    const first = page.getByRole('menuitem').first();
    await expect(first).toBeFocused();
    // Mantine's Menu styles win over UnstyledButton's reset (padding 0) whatever order the
    // per-component stylesheets arrived in.
    expect(await first.evaluate((item) => getComputedStyle(item).paddingLeft)).toBe('12px');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(button).toBeFocused();
    expect(await shell.menuItemNames()).toContain('Salir');
  });

  test('a click pressed while the menu was still loading is not lost', async ({ page, signInAs }) => {
    await signInAs('interno');
    const release = await holdMenuFile(page);
    await page.reload();
    await page.getByRole('banner').getByRole('button', { name: 'Menú' }).click();
    await expect(page.getByRole('menu')).toHaveCount(0);
    release();
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Salir' })).toBeVisible();
  });

  test('a screen whose files could not load offline says so, and comes up by itself when the network is back', async ({ page, context }) => {
    // The sign-in screen's own files fail the way an offline fetch does (nothing cached yet).
    const screenFiles = /\/assets\/login-route-[\w-]+\.(js|css)$/;
    await page.route(screenFiles, (route) => route.abort('internetdisconnected'));
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'No se pudo cargar esta pantalla' })).toBeVisible();
    await expect(page.getByText('Comprueba tu conexión e inténtalo de nuevo.')).toBeVisible();

    await page.unroute(screenFiles);
    await context.setOffline(true);
    await context.setOffline(false);
    await new LoginPage(page).expectVisible();
  });
});

test('a kiosk opened offline reads the app configuration from the device, asking the network nothing', async ({ page, context, shell, signInAs }) => {
  const { user } = await signInAs('interno');
  expect(await controlledByServiceWorker(page)).toBeTruthy();
  // The menu and the idle sign-out read the configuration through the device cache.
  expect(await shell.menuItemNames()).toContain('Salir');
  await expect.poll(async () => (await readDeviceStorage(page)).cache.some((row) => (row as { key: string }).key === 'app-config')).toBe(true);

  await context.setOffline(true);
  // The page's requests and its service worker's, as the offline bench counts them.
  const asked: string[] = [];
  const onRequest = (request: Request) => {
    if (new URL(request.url()).pathname === '/api/config') asked.push(`${request.method()} ${request.url()}`);
  };
  context.on('request', onRequest);
  context.on('requestfailed', onRequest);
  await page.reload();
  await expect(shell.greeting(user.nick_name!)).toBeVisible();
  // Past the first idle moment, when the idle timers and the drain start.
  await page.waitForTimeout(3_000);
  context.off('request', onRequest);
  context.off('requestfailed', onRequest);
  expect(asked).toEqual([]);
  await context.setOffline(false);
});
