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

  async openMenu() {
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
