import { expect, type Page } from '@playwright/test';

/** The signed-in layout: header (greeting, balance, Canjear) and the dropdown menu. */
export class AppShell {
  constructor(private readonly page: Page) {}

  greeting(nick: string) {
    return this.page.getByText(`Hola, ${nick}`);
  }

  balance() {
    return this.page.getByRole('group', { name: 'Saldo' });
  }

  /**
   * /home opens with the month's "¡Nuevo contenido de …!" modal until it is closed once in the
   * session, and it covers the header. Closes it if it shows up (it waits for the calendar).
   */
  async dismissNewContentModal() {
    if (!/\/home$/.test(new URL(this.page.url()).pathname)) return;
    const modal = this.page.getByRole('dialog', { name: /^¡Nuevo contenido de/ });
    const shown = await modal.waitFor({ state: 'visible', timeout: 3_000 }).then(() => true, () => false);
    if (shown) {
      await modal.getByRole('button', { name: 'Más tarde' }).click();
      await expect(modal).toBeHidden();
    }
  }

  async openMenu() {
    await this.dismissNewContentModal();
    await this.page.getByRole('button', { name: 'Menú' }).click();
    return this.page.getByRole('menu');
  }

  async menuItemNames(): Promise<string[]> {
    const menu = await this.openMenu();
    const names = await menu.getByRole('menuitem').allInnerTexts();
    await this.page.keyboard.press('Escape');
    return names.map((n) => n.trim());
  }

  async signOut() {
    const menu = await this.openMenu();
    await menu.getByRole('menuitem', { name: 'Salir' }).click();
    await expect(this.page).toHaveURL(/\/login$/);
  }
}
