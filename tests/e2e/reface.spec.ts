import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { auth, impsOf, readDeviceStorage } from './api';
import { apiSignIn, expect, ssoToken, test } from './fixtures';
import { AlbumPage } from './pages/album-page';
import { PROCESSING_TEXT, RefaceCard } from './pages/reface-card';

// Agents no other test touches, so their balance and album are this test's alone.
const CANDIDATES = ['daniel.nunez.117', 'elena.ramirez.111', 'carla.ramirez.129', 'david.rubio.178', 'daniel.iglesias.159'];
const ATTRIBUTES = [
  { id: 3, slug: 'accesible', name: 'Accesible' },
  { id: 2, slug: 'resolutivo', name: 'Resolutivo' },
  { id: 1, slug: 'devalor', name: 'De Valor' },
];

async function refaceStatus(request: APIRequestContext, token: string, attributeId: number) {
  const res = await request.get(`/api/refaces/status/${attributeId}`, auth(token));
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as { status: string | null; image_path: string | null };
}

/** The first candidate with an enabled attribute they have no reface of yet (Accesible first). */
async function agentWithoutReface(request: APIRequestContext) {
  for (const name of CANDIDATES) {
    const email = `${name}@impecable.demo`;
    const token = await apiSignIn(request, email);
    for (const attribute of ATTRIBUTES) {
      if ((await refaceStatus(request, token, attribute.id)).status === null) return { email, token, attribute };
    }
  }
  throw new Error('every candidate already has all their refaces');
}

/** A real ID-style photo: a face with some light and shade, as a JPEG. */
function photo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200">
    <rect width="900" height="1200" fill="#e8edf2"/>
    <path d="M120 1200 C160 900 300 820 450 820 C600 820 740 900 780 1200 Z" fill="#24405f"/>
    <ellipse cx="450" cy="520" rx="190" ry="240" fill="#c98a62"/>
    <path d="M260 480 C250 300 350 250 450 250 C560 250 650 300 640 480 C600 380 530 350 450 350 C370 350 300 380 260 480 Z" fill="#2b1a10"/>
    <ellipse cx="380" cy="520" rx="20" ry="13" fill="#1d130c"/><ellipse cx="520" cy="520" rx="20" ry="13" fill="#1d130c"/>
    <path d="M390 650 Q450 690 510 650" stroke="#7a2e26" stroke-width="12" fill="none" stroke-linecap="round"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

test('an agent uploads a photo, sees it processing, then their portrait; the album shows it and downloads a .jpg', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { email, token, attribute } = await agentWithoutReface(request);
  const before = await impsOf(request, token);

  // A controllable clock: the card polls every 30 s, and the test moves time instead of waiting.
  await page.clock.install();
  await page.goto(`/sso/${await ssoToken(request, email)}`);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto(`/dashboard/${attribute.slug}`);
  const card = new RefaceCard(page);
  await card.expectReady();

  await card.choosePhoto({ name: 'mi-foto.jpg', mimeType: 'image/jpeg', buffer: await photo() });
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
  const other = await apiSignIn(request, 'ana@impecable.demo');
  const refused = await request.get(`/api/download-image?path=${encodeURIComponent(path)}`, auth(other));
  expect(refused.status()).toBe(404);
});

test('the album stays viewable offline, and signing out wipes the portraits from the device', async ({ page, request, context, shell }) => {
  await page.goto(`/sso/${await ssoToken(request, 'ana@impecable.demo')}`);
  await expect(page).toHaveURL(/\/home$/);
  const album = new AlbumPage(page);
  await album.goto();
  await expect(album.portrait('De Valor')).toBeVisible();
  await expect(album.portrait('Resolutivo')).toBeVisible();
  // Offline, the page itself comes from the service worker: wait until it controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

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
