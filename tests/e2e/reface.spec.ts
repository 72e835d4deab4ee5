import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { auth, idPhoto, importFreshAgent, impsOf } from './api';
import { controlledByServiceWorker, readDeviceStorage } from './device';
import { apiSignIn, expect, test } from './fixtures';
import { AlbumPage } from './pages/album-page';
import { PROCESSING_TEXT, RefaceCard } from './pages/reface-card';

const ACCESIBLE_ATTRIBUTE = { id: 3, slug: 'accesible', name: 'Accesible' };

async function refaceStatus(request: APIRequestContext, token: string, attributeId: number) {
  const res = await request.get(`/api/refaces/status/${attributeId}`, auth(token));
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as { status: string | null; image_path: string | null };
}

test('an agent uploads a photo, sees it processing, then their portrait; the album shows it and downloads a .jpg', async ({ page, request, signInAs }) => {
  test.setTimeout(120_000);
  const { email, token } = await importFreshAgent(request, 'reface');
  const attribute = ACCESIBLE_ATTRIBUTE;
  const before = await impsOf(request, token);

  // A controllable clock: the card polls every 30 s, and the test moves time instead of waiting.
  await page.clock.install();
  await signInAs({ email });
  await page.goto(`/dashboard/${attribute.slug}`);
  const card = new RefaceCard(page);
  await card.expectReady();

  await card.choosePhoto({ name: 'mi-foto.jpg', mimeType: 'image/jpeg', buffer: await idPhoto() });
  await card.realizar().click();
  await expect(card.root.getByText(PROCESSING_TEXT)).toBeVisible();

  // The server's job finishes on its own; the open card learns it at its next 30 s poll.
  await expect.poll(async () => (await refaceStatus(request, token, attribute.id)).status, { timeout: 30_000 }).toBe('completed');
  await expect(card.root.getByText(PROCESSING_TEXT)).toBeVisible();
  await page.clock.fastForward(30_000);
  await expect(card.portrait(attribute.name)).toBeVisible();
  await expect(card.root.getByRole('button', { name: 'Repetir Reface' })).toBeVisible();
  await expect(card.root.getByText(PROCESSING_TEXT)).toBeHidden();
  expect(await impsOf(request, token)).toBe(before + 10);

  const album = new AlbumPage(page);
  await album.goto();
  await expect(album.portrait(attribute.name)).toBeVisible();
  await expect(album.slide('Confiable').getByRole('img', { name: 'Confiable: próximamente' })).toBeVisible();
  const download = await album.download(attribute.name);
  expect(download.suggestedFilename()).toBe(`${attribute.name}.jpg`);
  const saved = await readFile(await download.path());
  expect((await sharp(saved).metadata()).format).toBe('jpeg');

  // Another agent cannot fetch that portrait, whatever path they send.
  const path = (await refaceStatus(request, token, attribute.id)).image_path ?? '';
  const other = await apiSignIn(request, 'ana');
  const refused = await request.get(`/api/download-image?path=${encodeURIComponent(path)}`, auth(other));
  expect(refused.status()).toBe(404);
});

test('the album stays viewable offline, and signing out wipes the portraits from the device', async ({ page, context, shell, signInAs }) => {
  await signInAs('ana');
  const album = new AlbumPage(page);
  await album.goto();
  await expect(album.portrait('De Valor')).toBeVisible();
  await expect(album.portrait('Resolutivo')).toBeVisible();
  // Offline, the page itself comes from the service worker: wait until it controls the page.
  expect(await controlledByServiceWorker(page)).toBeTruthy();

  await context.setOffline(true);
  await page.reload();
  await expect(album.portrait('De Valor')).toBeVisible();
  const download = await album.download('De Valor');
  expect(download.suggestedFilename()).toBe('De Valor.jpg');
  await context.setOffline(false);

  const cached = (await readDeviceStorage(page)).cache as { key: string }[];
  expect(cached.some((row) => row.key.startsWith('reface-image:'))).toBe(true);
  await shell.signOut();
  const after = (await readDeviceStorage(page)).cache as { key: string }[];
  expect(after.filter((row) => row.key.startsWith('reface-image:') || row.key === 'album')).toEqual([]);
});
