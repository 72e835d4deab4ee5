import { agentWithUnseenVideo, esNumber, impsOf, videosOf } from './api';
import { expect, test } from './fixtures';
import { DashboardPage } from './pages/dashboard-page';

test('watching a video to the end shows "Ver de nuevo" and credits exactly +5 IMPs', async ({ page, request, shell, signInAs }) => {
  const { email, token, video } = await agentWithUnseenVideo(request, 'trainingonline');
  const before = await impsOf(request, token);
  await signInAs({ email });

  const dashboard = new DashboardPage(page);
  await dashboard.goto('accesible');
  await expect(shell.balance()).toContainText(esNumber(before));
  await expect(dashboard.videoButton(video.title)).toHaveText(video.porcentaje > 0 ? 'En proceso' : 'Comenzar');

  await dashboard.openVideo(video.title);
  // A demo clip is a minute: at 3×, 20 s (a completion needs 20 % of its length behind it).
  await dashboard.playFast(3);
  await expect(dashboard.player(video.title)).toBeHidden({ timeout: 40_000 });

  await expect(dashboard.videoButton(video.title)).toHaveText('Ver de nuevo');
  await expect(shell.balance()).toContainText(esNumber(before + 5));
  await expect.poll(() => impsOf(request, token), { timeout: 15_000 }).toBe(before + 5);
  expect((await videosOf(request, token)).find((v) => v.id === video.id)?.visto).toBe(true);
});

test('a video finished offline counts at once on the device and is confirmed on reconnection', async ({ page, context, request, shell, signInAs }) => {
  const { email, token, video } = await agentWithUnseenVideo(request, 'trainingoffline');
  const before = await impsOf(request, token);
  // No autoplay: the clip loads, then plays only once the network is gone.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInAs({ email });

  const dashboard = new DashboardPage(page);
  await dashboard.goto('accesible');
  await expect(shell.balance()).toContainText(esNumber(before));
  await dashboard.finishOffline(video.title);
  await expect(dashboard.videoButton(video.title)).toHaveText('Ver de nuevo');
  await expect(shell.balance()).toContainText(esNumber(before + 5));
  expect(await impsOf(request, token)).toBe(before);

  await context.setOffline(false);
  await expect
    .poll(async () => (await videosOf(request, token)).find((v) => v.id === video.id)?.visto, { timeout: 30_000 })
    .toBe(true);
  await expect.poll(() => impsOf(request, token), { timeout: 15_000 }).toBe(before + 5);
  await expect(shell.balance()).toContainText(esNumber(before + 5));
});

test('an unknown attribute says so', async ({ page, signInAs }) => {
  await signInAs('bruno');
  await page.goto('/dashboard/unknown');
  await expect(page.getByText('No existe ese atributo')).toBeVisible();
});
