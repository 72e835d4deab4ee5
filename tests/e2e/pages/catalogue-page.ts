import { expect, type Page } from '@playwright/test';

/** /premios: the prize cards and the redemption dialogs of spec section 4. */
export class CataloguePage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/premios');
    await expect(this.page.getByRole('heading', { name: 'Catálogo de premios' })).toBeVisible();
  }

  card(name: string) {
    return this.page.getByRole('article', { name }).first();
  }

  redeemButton(name: string) {
    return this.card(name).getByRole('button', { name: 'Canjear' });
  }

  confirmDialog() {
    return this.page.getByRole('dialog', { name: '¿Confirmar canjeo?' });
  }

  /** The catalogue with nothing on the device and no network. */
  offlineState() {
    return this.page.getByRole('heading', { name: 'Sin conexión' });
  }

  /** Canjear → "¿Confirmar canjeo?" → "Sí, canjear"; returns the result dialog. */
  async redeem(name: string) {
    await this.redeemButton(name).click();
    const confirm = this.confirmDialog();
    await expect(confirm).toContainText(name);
    await confirm.getByRole('button', { name: 'Sí, canjear' }).click();
    return this.page.getByRole('dialog', { name: /¡Canje realizado!|Error al canjear/ });
  }
}
