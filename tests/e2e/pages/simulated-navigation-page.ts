import { expect, type Locator, type Page } from '@playwright/test';

/** /navegacion-simulada: the four cascading dropdowns and the three buttons. */
export class SimulatedNavigationPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/navegacion-simulada');
    await expect(this.page.getByRole('heading', { name: 'Navegación Simulada' })).toBeVisible();
  }

  dropdown(label: 'Marca' | 'Plataforma' | 'Sede' | 'Agente'): Locator {
    return this.page.getByRole('combobox', { name: label });
  }

  /** Opens a dropdown once it is enabled and picks an option (by name, or the first). Returns its text. */
  async choose(label: 'Marca' | 'Plataforma' | 'Sede' | 'Agente', option?: string): Promise<string> {
    await expect(this.dropdown(label)).toBeEnabled();
    await this.dropdown(label).click();
    const choice = option ? this.page.getByRole('option', { name: option, exact: true }) : this.page.getByRole('option').first();
    const text = (await choice.innerText()).trim();
    await choice.click();
    await expect(this.dropdown(label)).toHaveValue(text);
    return text;
  }

  async search() {
    await this.page.getByRole('button', { name: 'Buscar' }).click();
  }

  async reset() {
    await this.page.getByRole('button', { name: 'Resetear' }).click();
  }

  banner(): Locator {
    return this.page.getByRole('region', { name: 'Navegación simulada' });
  }
}
