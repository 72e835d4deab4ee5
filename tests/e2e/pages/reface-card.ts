import { expect, type Locator, type Page } from '@playwright/test';

export const PROCESSING_TEXT = 'Tu imagen con IA se está realizando, ¡la tendrás en unos minutos!';

/** The reface card of /dashboard/:atributo. */
export class RefaceCard {
  readonly root: Locator;

  constructor(page: Page) {
    this.root = page.getByRole('region', { name: 'Reface' });
  }

  async choosePhoto(file: { name: string; mimeType: string; buffer: Buffer }) {
    await this.root.locator('input[type="file"]').setInputFiles(file);
  }

  realizar(): Locator {
    return this.root.getByRole('button', { name: 'REALIZAR' });
  }

  portrait(attributeName: string): Locator {
    return this.root.getByRole('img', { name: `Tu imagen con IA de ${attributeName}` });
  }

  async expectReady() {
    await expect(this.realizar()).toBeVisible();
  }
}
