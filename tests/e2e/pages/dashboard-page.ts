import { expect, type Locator, type Page } from '@playwright/test';

/** /dashboard/:atributo: the training module and its video player. */
export class DashboardPage {
  constructor(private readonly page: Page) {}

  async goto(slug: string) {
    await this.page.goto(`/dashboard/${slug}`);
    await expect(this.page.getByRole('heading', { name: 'MÓDULO FORMATIVO' })).toBeVisible();
  }

  /** The module's row of a video, found by its title. */
  videoRow(title: string): Locator {
    return this.page.getByRole('listitem').filter({ has: this.page.getByText(title, { exact: true }) });
  }

  videoButton(title: string): Locator {
    return this.videoRow(title).getByRole('button');
  }

  player(title: string): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  async openVideo(title: string) {
    await this.videoButton(title).click();
    await expect(this.player(title)).toBeVisible();
  }

  /** Waits until the whole clip is in the browser (so it can play on without network). */
  async waitUntilBuffered(timeout = 10_000) {
    await expect
      .poll(() =>
        this.page.evaluate(() => {
          const video = document.querySelector<HTMLVideoElement>('.video-js video');
          if (!video || video.readyState < 4 || !Number.isFinite(video.duration)) return false;
          return video.buffered.length > 0 && video.buffered.end(video.buffered.length - 1) >= video.duration - 0.05;
        }), { timeout })
      .toBe(true);
  }

  /**
   * Opens the video and plays it at 3× (a demo clip is a minute: 20 s, past the 20 % of its
   * length a completion needs); once the rest of the clip is in the browser (the stream loads
   * ahead as it plays), cuts the network, and it plays to the end (the player closes itself):
   * the device now holds the progress to send.
   */
  async finishOffline(title: string) {
    await this.openVideo(title);
    await this.playFast(3);
    await this.waitUntilBuffered(30_000);
    await this.page.context().setOffline(true);
    await expect(this.player(title)).toBeHidden({ timeout: 40_000 });
  }

  /** Plays from the current position at `rate`× speed, muted (no autoplay policy in the way). */
  async playFast(rate: number) {
    await this.page.waitForSelector('.video-js video');
    await this.page.evaluate(async (playbackRate) => {
      const video = document.querySelector<HTMLVideoElement>('.video-js video');
      if (!video) throw new Error('no video element');
      video.muted = true;
      video.playbackRate = playbackRate;
      await video.play();
    }, rate);
  }
}
