import { monthTitle } from '#domain/programme-prizes';
import { controlledByServiceWorker } from './device';
import { expect, test } from './fixtures';
import { IncomePage } from './pages/income-page';

// Issue 38 item 6: "Mis ingresos" was one card per movement, 5,500 px on a phone for Ana (the
// demo's most active agent: three months of quizzes and videos). Now it is grouped by month,
// newest first, each month with what it added, took away and its net, a page at a time.

/** "27/11/2026 02:48" (the browser's Madrid time) → "Noviembre de 2026". */
const monthOfCard = (when: string) => monthTitle(`${when.slice(6, 10)}-${when.slice(3, 5)}`);

/** The month shown `index`th is `title`, holds only that month's movements, and its totals add them up. */
async function expectMonthAddsUp(income: IncomePage, index: number, title: string): Promise<void> {
  const month = income.months().nth(index);
  await expect(month.getByRole('heading', { level: 2 })).toHaveText(title);
  const movements = await income.movements(month);
  expect(movements.length).toBeGreaterThan(0);
  expect(movements.map((m) => monthOfCard(m.when))).toEqual(movements.map(() => title));
  const earned = movements.filter((m) => m.imps > 0).reduce((sum, m) => sum + m.imps, 0);
  const spent = movements.filter((m) => m.imps < 0).reduce((sum, m) => sum - m.imps, 0);
  expect(await income.total(month, 'Sumados')).toBe(earned);
  expect(await income.total(month, 'Restados')).toBe(0 - spent); // 0 - 0 is +0, as "0 IMPs" reads
  expect(await income.total(month, 'Neto')).toBe(earned - spent);
}

test('at 360 px Ana\'s history is a short page of months with their totals, and "Ver meses anteriores" adds older months', async ({ page, signInAs }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await signInAs('ana');
  const income = new IncomePage(page);
  await income.open();

  const first = await income.monthTitles();
  expect(first.length).toBeGreaterThan(0);
  // The first page is far shorter than the whole history was.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(2500);

  // Each month holds only its own movements (by their Madrid date), and its totals add them up.
  for (const [index, title] of first.entries()) await expectMonthAddsUp(income, index, title);

  // Older months come a page at a time, after the ones shown, and focus moves to the first of them.
  await income.loadOlder().click();
  await expect(income.months()).not.toHaveCount(first.length);
  const more = await income.monthTitles();
  expect(more.slice(0, first.length)).toEqual(first);
  const older = more.slice(first.length);
  expect(older.length).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 2, name: older[0] })).toBeFocused();
  await expectMonthAddsUp(income, first.length, older[0] ?? '');
});

test('offline, a history seen online still opens by month, and older months still load', async ({ page, context, signInAs }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await signInAs('ana');
  const income = new IncomePage(page);
  await income.open();
  const first = await income.monthTitles();
  await controlledByServiceWorker(page);
  await expect(income.months()).toHaveCount(first.length);

  await context.setOffline(true);
  await page.reload();
  await expect(income.months().first()).toBeVisible();
  expect(await income.monthTitles()).toEqual(first);
  await income.loadOlder().click();
  await expect(income.months()).not.toHaveCount(first.length);
  await context.setOffline(false);
});
