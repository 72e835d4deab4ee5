import type { Page } from '@playwright/test';
import { controlledByServiceWorker } from './device';
import { expect, test } from './fixtures';
import { AlbumPage } from './pages/album-page';
import { RankingPage } from './pages/ranking-page';

// Issue 38 item 4: a screen the device never opened online, opened offline, says calmly what it
// needs and that it will fill in (the one offline state), never a red error; back online it
// fills in by itself, without a reload.

/** The shared offline state: its heading, and no error alert anywhere on the page. */
async function expectOfflineState(page: Page) {
  await expect(page.getByRole('heading', { name: 'Sin conexión', exact: true }).first()).toBeVisible();
  await expect(page.getByText('Se cargará en cuanto vuelvas a tener red, sin que tengas que hacer nada.').first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText(/No se pudo|Error al/)).toHaveCount(0);
}

test('screens never opened online show the offline state, and fill in by themselves when the network is back', async ({ page, context, signInAs }) => {
  await signInAs('ana');
  await controlledByServiceWorker(page);
  await expect(page).toHaveURL(/\/home$/);
  // No reload may happen: a marker on the window survives only in the same document.
  const sameDocument = () => page.evaluate(() => (window as unknown as { h4Marker?: boolean }).h4Marker === true);

  // The global ranking.
  await context.setOffline(true);
  const ranking = new RankingPage(page);
  await ranking.open('accesible', 'global');
  await expect(ranking.tableTitle()).toHaveText('Ranking global');
  await expectOfflineState(page);
  // Nothing to page through: no "Página 1 de 1" under the offline card.
  await expect(page.getByText(/^Página \d+ de \d+$/)).toHaveCount(0);
  await page.evaluate(() => ((window as unknown as { h4Marker?: boolean }).h4Marker = true));
  await context.setOffline(false);
  await expect(ranking.rows().first()).toBeVisible();
  await expect(page.getByText(/^Página \d+ de \d+$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sin conexión', exact: true })).toHaveCount(0);
  expect(await sameDocument()).toBe(true);

  // The album.
  await context.setOffline(true);
  const album = new AlbumPage(page);
  await album.goto();
  await expectOfflineState(page);
  await page.evaluate(() => ((window as unknown as { h4Marker?: boolean }).h4Marker = true));
  await context.setOffline(false);
  await expect(album.slide('Accesible')).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Sin conexión', exact: true })).toHaveCount(0);
  expect(await sameDocument()).toBe(true);

  // Another attribute's dashboard than the one the home shows.
  await context.setOffline(true);
  await page.goto('/dashboard/devalor');
  await expect(page.getByRole('heading', { name: 'MÓDULO FORMATIVO' })).toBeVisible();
  await expectOfflineState(page);
  await page.evaluate(() => ((window as unknown as { h4Marker?: boolean }).h4Marker = true));
  await context.setOffline(false);
  await expect(page.getByRole('progressbar', { name: /^Progreso de / })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'MÓDULO FORMATIVO' }).locator('xpath=ancestor::section').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sin conexión', exact: true })).toHaveCount(0);
  expect(await sameDocument()).toBe(true);
});
