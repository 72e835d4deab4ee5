import { expect, type Page } from '@playwright/test';
import { paths } from '#domain/paths';

/** The header's bell, the notification centre it opens, and /avisos. */
export class NotificationsPage {
  constructor(private readonly page: Page) {}

  /** "Avisos", or "Avisos: 3 sin leer". */
  bell() {
    return this.page.getByRole('banner').getByRole('button', { name: /^Avisos/ });
  }

  centre() {
    return this.page.getByRole('dialog', { name: 'Avisos' });
  }

  /** Opens the centre and waits until it shows the list (from the device, or fetched). */
  async openCentre() {
    await this.bell().click();
    const centre = this.centre();
    await expect(centre).toBeVisible();
    await expect(centre.getByText(/sin leer$|^Todo leído$/)).toBeVisible();
    return centre;
  }

  async closeCentre() {
    await this.page.keyboard.press('Escape');
    await expect(this.centre()).toBeHidden();
  }

  async gotoScreen() {
    await this.page.goto(paths.notifications.getHref());
    await expect(this.page.getByRole('heading', { level: 1, name: 'Avisos' })).toBeVisible();
  }

  enableButton() {
    return this.page.getByRole('button', { name: 'Activar avisos en este dispositivo' });
  }

  disableButton() {
    return this.page.getByRole('button', { name: 'Desactivar' });
  }
}
