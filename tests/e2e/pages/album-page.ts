import { expect, type Download, type Locator, type Page } from '@playwright/test';

/** /album-imagenes ("Álbum de fotos"): one carousel slide per attribute. */
export class AlbumPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/album-imagenes');
    await expect(this.page.getByRole('heading', { name: 'Álbum de fotos' })).toBeVisible();
  }

  slide(attributeName: string): Locator {
    return this.page.getByRole('group', { name: new RegExp(`de 7: ${attributeName}$`) });
  }

  portrait(attributeName: string): Locator {
    return this.slide(attributeName).getByRole('img', { name: `Tu imagen con IA de ${attributeName}` });
  }

  async download(attributeName: string): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.slide(attributeName).getByRole('button', { name: `Descargar imagen de ${attributeName}` }).click(),
    ]);
    return download;
  }
}
