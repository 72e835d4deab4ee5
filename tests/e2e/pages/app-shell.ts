import { expect, type Locator, type Page } from '@playwright/test';
import { SESSION_STORAGE_KEY } from '#offline/session';

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
   * session, and it covers the header. Closes it when it is due.
   */
  async dismissNewContentModal() {
    const modal = await newContentModalDue(this.page);
    if (!modal) return;
    await modal.getByRole('button', { name: 'Más tarde' }).click();
    await expect(modal).toBeHidden();
  }

  /** Opens the header menu and returns it once its items are there (it loads on demand). */
  async openMenu() {
    await this.dismissNewContentModal();
    await this.page.getByRole('button', { name: 'Menú' }).click();
    const menu = this.page.getByRole('menu');
    await expect(menu.getByRole('menuitem').first()).toBeVisible();
    return menu;
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

/**
 * The "¡Nuevo contenido de …!" modal, once it has shown, when it is due: on /home, signed in, not
 * yet closed in this session (the session in localStorage says so). It loads on demand after the
 * calendar, so it is waited for rather than looked for once; null when it is not due or the
 * calendar has no running attribute.
 */
export async function newContentModalDue(page: Page): Promise<Locator | null> {
  if (!/\/home$/.test(new URL(page.url()).pathname)) return null;
  const due = await page.evaluate((key) => {
    const session = JSON.parse(localStorage.getItem(key) ?? 'null') as { user?: unknown; seeModal?: boolean } | null;
    return Boolean(session?.user) && session?.seeModal !== true;
  }, SESSION_STORAGE_KEY);
  if (!due) return null;
  const modal = page.getByRole('dialog', { name: /^¡Nuevo contenido de/ });
  return (await modal.waitFor({ state: 'visible', timeout: 15_000 }).then(() => true, () => false)) ? modal : null;
}
