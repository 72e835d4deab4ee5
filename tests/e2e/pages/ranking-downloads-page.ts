import { expect, type Download, type Page } from '@playwright/test';

/** /descargar/ranking ("Descargas de Ranking"): the global card and the by-attribute card. */
export class RankingDownloadsPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/descargar/ranking');
  }

  async expectVisible() {
    await expect(this.page.getByRole('heading', { name: 'Descargas de Ranking' })).toBeVisible();
  }

  attribute() {
    return this.page.getByRole('combobox', { name: 'Atributo' });
  }

  async chooseFilter(label: 'Sede' | 'Marca') {
    await this.page.getByText(label, { exact: true }).click();
  }

  /** Clicks a download button and returns the file the browser saved. */
  async download(button: 'Descargar ranking global' | 'Descargar ranking del atributo'): Promise<Download> {
    const [file] = await Promise.all([this.page.waitForEvent('download'), this.page.getByRole('button', { name: button }).click()]);
    return file;
  }
}
