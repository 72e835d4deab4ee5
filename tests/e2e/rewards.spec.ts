import { apiSignIn, expect, ssoToken, test } from './fixtures';
import { CataloguePage } from './pages/catalogue-page';

const esNumber = (n: number) => new Intl.NumberFormat('es-ES').format(n);
const PRIZE = 'Tarjeta regalo Café Brisa';

test('Ana redeems a prize: the balance drops, the order has its coupon, the movement is in her history', async ({ page, request, shell }) => {
  const token = await apiSignIn(request, 'ana@impecable.demo');
  const before = ((await (await request.get('/api/imps', { headers: { Authorization: `Bearer ${token}` } })).json()) as { imps: number }).imps;
  expect(before).toBeGreaterThanOrEqual(100);

  await page.goto(`/sso/${await ssoToken(request, 'ana@impecable.demo')}`);
  await expect(page).toHaveURL(/\/home$/);
  await expect(shell.balance()).toContainText(esNumber(before));

  const catalogue = new CataloguePage(page);
  await catalogue.open();
  await expect(catalogue.card(PRIZE)).toContainText('100 IMPs/ud');
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
  const latest = page.getByRole('list', { name: 'Movimientos de IMPs' }).getByRole('listitem').first();
  await expect(latest).toContainText(`Canje: ${PRIZE}`);
  await expect(latest).toContainText('-100 IMPs');
});

test('Bruno (brand 1) sees "Acceso restringido" on /premios and /mis-ordenes, and /mis-ingresos sends him home', async ({ page, request }) => {
  await page.goto(`/sso/${await ssoToken(request, 'bruno@impecable.demo')}`);
  await expect(page).toHaveURL(/\/home$/);
  for (const path of ['/premios', '/mis-ordenes']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Acceso restringido' })).toBeVisible();
    await expect(page.getByText('No tienes permisos para acceder a esta sección.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  }
  await page.goto('/mis-ingresos');
  await expect(page).toHaveURL(/\/home$/);
});
