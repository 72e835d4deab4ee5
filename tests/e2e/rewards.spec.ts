import type { APIRequestContext } from '@playwright/test';
import { auth, esNumber, impsOf } from './api';
import { controlledByServiceWorker } from './device';
import { apiSignIn, expect, test } from './fixtures';
import { CataloguePage } from './pages/catalogue-page';

const PRIZE = 'Tarjeta regalo Café Brisa';

/** How many orders the server holds for the user: what a redemption would change. */
async function orderCount(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/cheque-motiva/ordenes/user', auth(token));
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { data: { ordenes: unknown[] } }).data.ordenes.length;
}

test('Ana redeems a prize: the balance drops, the order has its coupon, the movement is in her history', async ({ page, request, shell, signInAs }) => {
  const before = await impsOf(request, await apiSignIn(request, 'ana'));
  expect(before).toBeGreaterThanOrEqual(100);

  await signInAs('ana');
  await expect(shell.balance()).toContainText(esNumber(before));

  const catalogue = new CataloguePage(page);
  await catalogue.open();
  await expect(catalogue.card(PRIZE)).toContainText('100 IMPs/ud');
  // The first row's images are the page's largest paint: fetched at once; the rest as they scroll in.
  const images = page.getByRole('main').locator('article img');
  const loading = await images.evaluateAll((all) => all.map((img) => (img as HTMLImageElement).loading));
  expect(loading.length).toBeGreaterThan(3);
  expect(loading).toEqual(loading.map((_, i) => (i < 3 ? 'eager' : 'lazy')));
  const result = await catalogue.redeem(PRIZE);
  await expect(result).toHaveAccessibleName('¡Canje realizado!');
  await expect(result).toContainText(PRIZE);
  await result.locator('button', { hasText: 'Cerrar' }).click();
  await expect(shell.balance()).toContainText(esNumber(before - 100));

  await page.goto('/mis-ordenes');
  await expect(page.getByRole('heading', { name: 'Mis Premios' })).toBeVisible();
  const order = page.getByRole('article', { name: PRIZE }).first();
  await expect(order).toContainText(new Intl.DateTimeFormat('es-ES', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Madrid' }).format(new Date()));
  const coupon = order.getByRole('link', { name: 'Descargar cupón' });
  const href = await coupon.getAttribute('href');
  expect(href).toMatch(/^\/api\/cupones\/IMP-/);
  const couponPage = await request.get(href ?? '');
  expect(couponPage.ok()).toBeTruthy();
  expect(await couponPage.text()).toContain(PRIZE);
  await expect(page.getByRole('article', { name: 'Botella térmica +impecable' })).toContainText('Tu responsable será el encargado de entregarte la tarjeta');

  await page.goto('/mis-ingresos');
  await expect(page.getByRole('heading', { name: 'Historial de IMPs' })).toBeVisible();
  const latest = page.getByRole('list', { name: /^Movimientos de IMPs/ }).first().getByRole('listitem').first();
  await expect(latest).toContainText(`Canje: ${PRIZE}`);
  await expect(latest).toContainText('-100 IMPs');
});

test('the prizes in view when the catalogue opens show at once; those scrolled into view fade in', async ({ page, signInAs }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAs('ana');
  await new CataloguePage(page).open();
  const cards = page.getByRole('article');
  await expect(cards.first()).toHaveAttribute('data-instant', 'true');
  expect(await cards.first().evaluate((card) => getComputedStyle(card).opacity)).toBe('1');
  const last = cards.last();
  await expect(last).not.toHaveAttribute('data-visible');
  await last.scrollIntoViewIfNeeded();
  await expect(last).toHaveAttribute('data-visible', 'true');
  await expect(last).not.toHaveAttribute('data-instant');
});

test.describe('straight from the network (no service worker answering first)', () => {
  test.use({ serviceWorkers: 'block' });

  test('a prize image that arrives late moves nothing in its card: name, price and button stay put', async ({ page, signInAs }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAs('ana');
    // The images wait until the card has been measured without them.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/media/u/*.svg', async (route) => {
      await held;
      await route.continue();
    });
    // The page preloads the first prize, held too: its load event waits for it.
    await page.goto('/premios', { waitUntil: 'domcontentloaded' });
    const card = page.getByRole('article').first();
    const button = card.getByRole('button', { name: 'Canjear' });
    await expect(button).toBeVisible();
    const image = card.locator('img');
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(false);
    const before = await button.boundingBox();
    release();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await button.boundingBox()).toEqual(before);
  });
});

test('Bruno (brand 1) sees "Acceso restringido" on /premios and /mis-ordenes, and on /mis-ingresos only what of his IMPs lapses', async ({ page, signInAs }) => {
  await signInAs('bruno');
  for (const path of ['/premios', '/mis-ordenes']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Acceso restringido' })).toBeVisible();
    await expect(page.getByText('No tienes permisos para acceder a esta sección.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  }
  // Brand 1's income screen is "Tus IMPs" (issue 39): when his IMPs lapse, no movements.
  await page.goto('/mis-ingresos');
  await expect(page.getByRole('heading', { level: 1, name: 'Tus IMPs' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Caducan pronto' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ver meses anteriores' })).toHaveCount(0);
});

test('offline, a catalogue seen online says Canjear needs a connection, and pressing it redeems nothing', async ({ page, request, context, signInAs }) => {
  const token = await apiSignIn(request, 'ana');
  await signInAs('ana');
  const catalogue = new CataloguePage(page);
  await catalogue.open();
  await expect(catalogue.card(PRIZE)).toContainText('IMPs/ud');
  await controlledByServiceWorker(page);
  await expect(catalogue.card(PRIZE)).toBeVisible();
  const before = await orderCount(request, token);

  await context.setOffline(true);
  await page.reload();
  await expect(catalogue.card(PRIZE)).toContainText('IMPs/ud');
  await expect(page.getByText('necesitas conexión para canjear')).toBeVisible();
  await catalogue.redeemButton(PRIZE).click();
  await expect(catalogue.card(PRIZE).getByRole('alert')).toHaveText('Necesitas conexión para canjear');
  await expect(catalogue.confirmDialog()).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: /Canjeando|¡Canje realizado!|Error al canjear/ })).toHaveCount(0);

  // Back online the note goes, Canjear opens the confirmation, and nothing was ordered meanwhile.
  await context.setOffline(false);
  await expect(catalogue.card(PRIZE).getByRole('alert')).toHaveCount(0);
  expect(await orderCount(request, token)).toBe(before);
  await catalogue.redeemButton(PRIZE).click();
  await expect(catalogue.confirmDialog()).toContainText(PRIZE);
  // One "Cancelar" (no corner X with the same name), and it closes without redeeming.
  await expect(catalogue.confirmDialog().getByRole('button')).toHaveText(['Cancelar', 'Sí, canjear']);
  await catalogue.confirmDialog().getByRole('button', { name: 'Cancelar' }).click();
  await expect(catalogue.confirmDialog()).toBeHidden();
  expect(await orderCount(request, token)).toBe(before);
});

test('a catalogue never opened online shows a calm offline state, and loads when the network is back', async ({ page, context, signInAs }) => {
  await signInAs('ana');
  await controlledByServiceWorker(page);
  await expect(page).toHaveURL(/\/home$/);

  const catalogue = new CataloguePage(page);
  await context.setOffline(true);
  await page.goto('/premios');
  await expect(page.getByRole('heading', { name: 'Catálogo de premios' })).toBeVisible();
  await expect(catalogue.offlineState()).toBeVisible();
  await expect(page.getByText('Abre el catálogo con conexión una vez para verlo sin conexión.', { exact: false })).toBeVisible();
  await expect(page.getByText('Ups! Ha ocurrido un error')).toHaveCount(0);
  await expect(page.getByRole('article')).toHaveCount(0);

  await context.setOffline(false);
  await expect(catalogue.card(PRIZE)).toContainText('IMPs/ud');
  await expect(catalogue.offlineState()).toHaveCount(0);
});
