import { expect, type Page } from '@playwright/test';

/** The signed-in layout: header (greeting, balance, Canjear, sync line) and the dropdown menu. */
export class AppShell {
  constructor(private readonly page: Page) {}

  greeting(nick: string) {
    return this.page.getByText(`Hola, ${nick}`);
  }

  /** The header's sync line: "Sin conexión" and what waits to be sent (its live region). */
  syncStatus() {
    return this.page.getByRole('banner').getByRole('status');
  }

  /** The line's long form, "6 acciones pendientes: +5 IMPs, 1 vídeo, 5 respuestas" (phones show a short one). */
  pendingLine() {
    return this.syncStatus().getByText(/pendientes?[:\s]/);
  }

  /** Opens the sync detail (pending actions, refused ones, last sync) and returns it. */
  async openSyncDetails() {
    await this.page.getByRole('banner').getByRole('button', { name: /Detalles de la sincronización|rechazadas?$/ }).click();
    const details = this.page.getByRole('dialog', { name: 'Detalles de la sincronización' });
    await expect(details).toBeVisible();
    return details;
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

  /**
   * The menu lists exactly `names`, in order. Items that depend on the app configuration
   * (Importar usuarios: the corporate domain) appear once it is read, so this waits for them.
   */
  async expectMenuItems(names: string[]) {
    const menu = await this.openMenu();
    await expect(menu.getByRole('menuitem')).toHaveText(names);
    await this.page.keyboard.press('Escape');
  }

  async signOut() {
    const menu = await this.openMenu();
    await menu.getByRole('menuitem', { name: 'Salir' }).click();
    await expect(this.page).toHaveURL(/\/login$/);
  }
}
