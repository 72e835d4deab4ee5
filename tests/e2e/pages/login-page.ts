import { expect, type Page } from '@playwright/test';

export class LoginPage {
  constructor(private readonly page: Page) {}

  async expectVisible() {
    await expect(this.page).toHaveURL(/\/login/);
    await expect(this.page.getByRole('heading', { name: 'Identifícate' })).toBeVisible();
  }

  /** Follows an /sso/{token} link as a user would after clicking it. */
  async followSsoLink(link: string) {
    await this.page.goto(new URL(link).pathname);
  }
}
