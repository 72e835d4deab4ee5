import { expect, type Page } from '@playwright/test';

/** /importar-usuarios: the dropzone (its hidden file input) and the result alerts. */
export class ImportUsersPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/importar-usuarios');
    await expect(this.page.getByRole('heading', { name: 'Importar usuarios' })).toBeVisible();
  }

  async upload(name: string, mimeType: string, buffer: Buffer) {
    await this.page.locator('input[type=file]').setInputFiles({ name, mimeType, buffer });
  }

  /** As a keyboard user does: focus the drop area, Enter, pick the file in the chooser. */
  async uploadWithKeyboard(name: string, mimeType: string, buffer: Buffer) {
    const area = this.page.getByRole('button', { name: /^Arrastra aquí el archivo de usuarios/ });
    await area.focus();
    const [chooser] = await Promise.all([this.page.waitForEvent('filechooser'), this.page.keyboard.press('Enter')]);
    await chooser.setFiles({ name, mimeType, buffer });
  }

  success() {
    return this.page.getByRole('status').filter({ hasText: 'Usuarios importados' });
  }

  error() {
    return this.page.getByRole('alert').filter({ hasText: /^Error/ });
  }
}
