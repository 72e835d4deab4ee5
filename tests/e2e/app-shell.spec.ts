import { request as httpRequest } from 'node:http';
import type { Locator, Page } from '@playwright/test';
import { serviceWorkerActivated } from './device';
import { expect, test } from './fixtures';
import { AppShell } from './pages/app-shell';

// The first paint (issues 16 and 37): index.html's inline script, built from the app's own route
// table and rules, paints the header and the route's frame from the stored session before any of
// the app's JavaScript runs, preloads the route's chunks, and hands over to React without moving
// the header. JavaScript modules are blocked to see the
// shell alone; the service worker is blocked too, or it would answer before the block.

const PHONE = { width: 360, height: 740 };
const KIOSK = { width: 1366, height: 900 };

// The route lists (a module of data the inline script imports) still come: they name the chunks to preload.
const APP_SCRIPTS = /\/assets\/(?!route-files-)[^/]+\.js$/;
const blockAppScripts = (page: Page) => page.route(APP_SCRIPTS, (route) => route.abort());
const shellOf = (page: Page) => page.locator('#app-shell');

/** "1.860 IMPs+Rings" out of a Saldo box's text, whatever its layout. */
async function figureIn(box: Locator): Promise<string> {
  const text = (await box.innerText()).replace(/\s+/g, ' ');
  return /([\d.]+ IMPs(\+Rings)?)/.exec(text)?.[1] ?? `(sin cifra: ${text})`;
}

type Box = { x: number; y: number; width: number; height: number };
async function boxOf(locator: Locator): Promise<Box> {
  // The screen may re-render the element (a carousel settling, data revalidated) between a
  // visibility check and this read: ask again until it is on the page.
  let box: Box | null = null;
  await expect.poll(async () => (box = await locator.boundingBox()), { message: 'visible' }).not.toBeNull();
  return box!;
}
function expectSameBox(actual: Box, expected: Box, what: string) {
  for (const side of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(actual[side] - expected[side]), `${what}.${side}`).toBeLessThanOrEqual(0.5);
}

test.describe('without the app’s JavaScript', () => {
  test.use({ serviceWorkers: 'block' });

  test('a signed-in /home shows "Hola, {nick}" and the last balance, and the hand-over moves no part of the header', async ({ page, signInAs }) => {
    const { user } = await signInAs('bruno');
    const nick = user.nick_name || user.name;
    const header = new AppShell(page);
    // The app leaves its balance for the next visit's shell once it has shown it.
    await expect(header.balance()).toContainText(/\d/);
    const figure = await figureIn(header.balance());
    await expect.poll(() => page.evaluate(() => localStorage.getItem('impecable.shell-hint'))).toContain(`"userId":${user.id}`);
    // …and the first banner's art, the page's largest paint.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('impecable.shell-hint'))).toContain('"art":');

    for (const viewport of [PHONE, KIOSK]) {
      await page.setViewportSize(viewport);
      await blockAppScripts(page);
      await page.goto('/home');
      const shell = shellOf(page);
      await expect(shell).toHaveAttribute('data-frame', 'home');
      await expect(shell.getByText(`Hola, ${nick}`, { exact: true })).toBeVisible();
      expect(await figureIn(shell.getByRole('group', { name: 'Saldo', includeHidden: true }))).toBe(figure);
      await expect(shell.getByText('Canjear', { exact: true })).toBeVisible();
      // The route's chunks are asked for at once, not after the entry and the layout ran.
      await expect(page.locator('link[rel="modulepreload"][href*="/home-route-"]')).toHaveCount(1);
      await expect(page.locator('link[rel="modulepreload"][href*="/signed-in-layout-"]')).toHaveCount(1);
      const painted = {
        header: await boxOf(shell.locator('header')),
        greeting: await boxOf(shell.getByText(`Hola, ${nick}`, { exact: true })),
        balance: await boxOf(shell.getByRole('group', { name: 'Saldo', includeHidden: true })),
        menu: await boxOf(shell.getByRole('button', { name: 'Menú', includeHidden: true })),
        art: await boxOf(shell.locator('#as-art')),
      };
      await expect(shell.locator('#as-art')).toHaveJSProperty('complete', true);

      await page.unroute(APP_SCRIPTS);
      await page.goto('/home');
      await expect(header.greeting(nick)).toBeVisible();
      await expect(shell).toHaveCount(0);
      await expect(header.balance()).toContainText(figure);
      const banner = page.getByRole('banner');
      expectSameBox(await boxOf(banner), painted.header, `${viewport.width} header`);
      expectSameBox(await boxOf(banner.getByText(`Hola, ${nick}`, { exact: true })), painted.greeting, `${viewport.width} greeting`);
      expectSameBox(await boxOf(header.balance()), painted.balance, `${viewport.width} balance`);
      expectSameBox(await boxOf(banner.getByRole('button', { name: 'Menú' })), painted.menu, `${viewport.width} menu`);
      expectSameBox(await boxOf(page.getByRole('region', { name: 'Atributos destacados' }).locator('img').first()), painted.art, `${viewport.width} banner`);
    }
  });

  test('a first visit, with no hint on the device, paints the month’s first banner the page names, where the app then shows it', async ({ page, signInAs }) => {
    await signInAs('bruno');
    await expect(page.getByRole('region', { name: 'Atributos destacados' }).locator('img').first()).toBeVisible();
    const appArt = await page.getByRole('region', { name: 'Atributos destacados' }).locator('img').first().getAttribute('src');
    for (const viewport of [PHONE, KIOSK]) {
      await page.setViewportSize(viewport);
      // Nothing kept on the device: no hint (from a page the app does not run on).
      await blockAppScripts(page);
      await page.goto('/premios');
      await page.evaluate(() => localStorage.removeItem('impecable.shell-hint'));
      await page.goto('/home');
      const shell = shellOf(page);
      await expect(shell).toHaveAttribute('data-art', '');
      await expect(shell.locator('#as-art')).toHaveJSProperty('complete', true);
      // A phone's file came in the page itself (a data: URL); a kiosk's was preloaded: the same files the app then shows.
      const shown = await shell.locator('#as-art').evaluate((img: HTMLImageElement) => img.currentSrc);
      if (viewport === PHONE) expect(shown).toMatch(/^data:image\/svg\+xml,/);
      else expect(new URL(shown).pathname).toBe(appArt);
      expect(await shell.locator('#as-art').getAttribute('data-file')).toBe(appArt);
      const painted = await boxOf(shell.locator('#as-art'));
      await page.unroute(APP_SCRIPTS);
      await page.evaluate(() => localStorage.removeItem('impecable.shell-hint'));
      await page.goto('/home');
      await expect(shell).toHaveCount(0);
      const banner = page.getByRole('region', { name: 'Atributos destacados' }).locator('img').first();
      await expect(banner).toBeVisible();
      expectSameBox(await boxOf(banner), painted, `${viewport.width} banner`);
    }
  });

  test('a dashboard paints its attribute’s banner from the path, where the screen then shows it, on a phone and a kiosk', async ({ page, signInAs }) => {
    await signInAs('ana');
    const path = '/dashboard/accesible';
    for (const viewport of [PHONE, KIOSK]) {
      await page.setViewportSize(viewport);
      await blockAppScripts(page);
      await page.goto(path);
      const shell = shellOf(page);
      await expect(shell).toHaveAttribute('data-frame', 'dashboard');
      const painted = shell.locator('#as-hero');
      await expect(painted).toHaveJSProperty('complete', true);
      const box = await boxOf(painted);
      const src = await painted.getAttribute('data-file');
      await page.unroute(APP_SCRIPTS);
      await page.goto(path);
      await expect(shell).toHaveCount(0);
      const hero = page.getByRole('img', { name: /^Accesible: / });
      await expect(hero).toBeVisible();
      expect(await hero.getAttribute('src')).toBe(src);
      expectSameBox(await boxOf(hero), box, `${viewport.width} dashboard banner`);
    }
  });

  test('a ranking is titled with its attribute by the shell, in the box the screen’s heading then takes', async ({ page, signInAs }) => {
    await signInAs('ana');
    for (const viewport of [PHONE, KIOSK]) {
      await page.setViewportSize(viewport);
      await blockAppScripts(page);
      await page.goto('/ranking/accesible');
      const shell = shellOf(page);
      const title = shell.getByText('Ranking · Accesible', { exact: true });
      await expect(title).toBeVisible();
      const box = await boxOf(title);
      await page.unroute(APP_SCRIPTS);
      await page.goto('/ranking/accesible');
      await expect(shell).toHaveCount(0);
      const heading = page.getByRole('heading', { level: 1, name: 'Ranking · Accesible' });
      await expect(heading).toBeVisible();
      expectSameBox(await boxOf(heading), box, `${viewport.width} ranking title`);
    }
  });

  test('/premios paints the catalogue’s first prize, which the page names, where the screen’s first card then shows it', async ({ page, signInAs }) => {
    await signInAs('ana');
    // The member's media cookie, which the first answer of the API sets, opens the image.
    await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'impecable_media')).toBe(true);
    for (const viewport of [PHONE, KIOSK]) {
      await page.setViewportSize(viewport);
      await blockAppScripts(page);
      await page.goto('/premios');
      const shell = shellOf(page);
      await expect(shell).toHaveAttribute('data-prize', '');
      const framed = shell.locator('#as-prize');
      await expect.poll(() => framed.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const src = await framed.getAttribute('src');
      expect(src).toMatch(/^\/media\/u\/[0-9a-f]{64}\.svg$/);
      const box = await boxOf(shell.locator('article').first());
      await page.unroute(APP_SCRIPTS);
      await page.goto('/premios');
      await expect(shell).toHaveCount(0);
      const card = page.getByRole('article').first();
      await expect(card.locator('img')).toHaveAttribute('src', src!);
      const real = await boxOf(card);
      expectSameBox({ ...real, height: 0 }, { ...box, height: 0 }, `${viewport.width} first prize card`);
    }
  });

  test('without a member’s media cookie the prize is refused, and the frame keeps its bones', async ({ page, signInAs }) => {
    await signInAs('ana');
    // Off the app first: an answer still on its way would set the cookie again.
    await page.goto('/api/health');
    await page.context().clearCookies();
    await blockAppScripts(page);
    await page.goto('/premios');
    const shell = shellOf(page);
    await expect(shell).toHaveAttribute('data-frame', 'screen');
    await expect(shell.locator('.as-screen-bones > *')).toBeVisible();
    await expect(shell).not.toHaveAttribute('data-prize');
    await expect(shell.getByText('Catálogo de premios', { exact: true }).filter({ visible: true })).toHaveCount(1);
  });

  test('the shell never shows a balance that is not the signed-in user’s', async ({ page, signInAs }) => {
    const { user } = await signInAs('ana');
    await expect(new AppShell(page).balance()).toContainText(/\d/);
    // With the app's scripts blocked nothing rewrites the hint: another user's is left there.
    await blockAppScripts(page);
    await page.goto('/premios');
    await page.evaluate((id) => localStorage.setItem('impecable.shell-hint', JSON.stringify({ userId: id + 1, nick: 'Otro', amount: '99.999', unit: 'IMPs' })), user.id);
    await page.reload();
    const shell = shellOf(page);
    await expect(shell).toHaveAttribute('data-frame', 'screen');
    await expect(shell.getByText('Catálogo de premios', { exact: true }).filter({ visible: true })).toHaveCount(1);
    await expect(shell.getByText(`Hola, ${user.nick_name}`, { exact: true })).toBeVisible();
    await expect(shell.getByText('99.999')).toBeHidden();
    await expect(shell.locator('.as-balance-bone > *')).toBeVisible();
  });

  test('/login, and a protected page without a session, show the sign-in frame; still under reduced motion', async ({ page }) => {
    await blockAppScripts(page);
    for (const path of ['/login', '/home']) {
      await page.goto(path);
      const shell = shellOf(page);
      await expect(shell).toHaveAttribute('data-frame', 'login');
      await expect(shell.getByText('Identifícate', { exact: true })).toBeVisible();
      await expect(shell.getByText(/^Hola,/)).toBeHidden();
      await expect(page.locator('link[rel="modulepreload"][href*="/login-route-"]')).toHaveCount(1);
    }
    // Hidden from assistive technology, with nothing to focus: the app's screen is the real one.
    const shell = shellOf(page);
    await expect(shell).toHaveAttribute('aria-hidden', 'true');
    await expect(shell).toHaveJSProperty('inert', true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#app-shell') ?? null)).toBeNull();
    // The sign-in button's bone pulses as the app's skeletons do, and stands still as they do.
    const pulse = () => shell.locator('.as-login [role="status"][aria-label="Cargando..."]').evaluate((el) => getComputedStyle(el, '::after').animationIterationCount);
    expect(await pulse()).toBe('infinite');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await pulse()).toBe('1');
  });
});

test('offline, from the service worker, the header is painted before any of the app’s scripts runs', async ({ page, context, signInAs }) => {
  const { user } = await signInAs('ana');
  const nick = user.nick_name || user.name;
  await expect(new AppShell(page).balance()).toContainText(/\d/);
  await serviceWorkerActivated(page);
  // What the page shows once the HTML is parsed: module scripts have not run yet at 'interactive'.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const shell = document.getElementById('app-shell');
      (window as unknown as { shellAtParse: unknown }).shellAtParse = {
        frame: shell?.getAttribute('data-frame') ?? null,
        greeting: shell?.querySelector('#as-greeting')?.textContent ?? null,
        offline: shell?.hasAttribute('data-offline') ?? false,
        balance: shell?.hasAttribute('data-balance') ?? false,
        headerHeight: shell?.querySelector('header')?.getBoundingClientRect().height ?? 0,
      };
    });
  });
  await context.setOffline(true);
  await page.goto('/home');
  const { headerHeight, ...painted } = await page.evaluate(() => (window as unknown as { shellAtParse: { headerHeight: number } }).shellAtParse);
  expect(painted).toEqual({ frame: 'home', greeting: `Hola, ${nick}`, offline: true, balance: true });
  await expect(new AppShell(page).greeting(nick)).toBeVisible();
  await expect(shellOf(page)).toHaveCount(0);
  // The header with its "Sin conexión" line: as tall as the shell painted it.
  await expect(new AppShell(page).syncStatus()).toContainText('Sin conexión');
  expect(Math.abs((await boxOf(page.getByRole('banner'))).height - headerHeight)).toBeLessThanOrEqual(0.5);
  await context.setOffline(false);
});

/**
 * A new connection's first round trip carries ten TCP segments, ~14.6 KB with the answer's
 * headers (Lighthouse's mobile network simulates exactly this). A page one byte over waits a whole
 * round trip more for its first paint: /home once took 150 ms more that way, and nothing but a
 * Lighthouse run showed it.
 */
const FIRST_ROUND_TRIP_BYTES = 10 * 1460;

/** The bytes the network carries for `path`'s page: its headers and its brotli body. */
function servedBytes(url: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      let bytes = Buffer.byteLength(`HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`);
      for (let i = 0; i < res.rawHeaders.length; i += 2) bytes += Buffer.byteLength(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`);
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes: bytes + 2 }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

test('every first page, with its painted frame, comes whole in a slow connection’s first round trip', async ({ baseURL }) => {
  for (const path of ['/login', '/home', '/dashboard/accesible', '/ranking/accesible', '/premios']) {
    const { status, bytes } = await servedBytes(`${baseURL}${path}`);
    expect(status, path).toBe(200);
    expect(bytes, `${path}: ${bytes} bytes`).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BYTES);
  }
});
